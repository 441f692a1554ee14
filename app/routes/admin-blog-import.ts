import { dictionaryFor, format, langFromQuery } from "~/i18n";
import { MAX_IMPORT_BYTES } from "~/lib/upload-limits.ts";
import { authorContext, requireAuthorForApi } from "~/server/auth/guard.server.ts";
import { servicesOf } from "~/server/request-context.server.ts";
import { claimKept, findKept, keepUpload, keptMinutes } from "~/server/transfer/kept-imports.server.ts";
import { countImport } from "~/server/transfer/limits.server.ts";
import { UploadTooLarge, uploadName, withUploadedFile } from "~/server/transfer/upload.server.ts";
import { siteUrl } from "~/site.config.ts";
import type { Route } from "./+types/admin-blog-import";

export const middleware: Route.MiddlewareFunction[] = [requireAuthorForApi];

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** The import's answer as it goes: a line of JSON per step, then the result (or the dry run that refused it). */
function linesOf(run: (send: (line: unknown) => void) => Promise<void>): Response {
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      await run((line) => controller.enqueue(encoder.encode(`${JSON.stringify(line)}\n`)));
      controller.close();
    },
  });
  return new Response(stream, {
    headers: { "Content-Type": "application/x-ndjson; charset=utf-8", "Cache-Control": "no-store, no-transform" },
  });
}

/**
 * Receives a file to import as the request's body (`?name=` its name):
 * `?step=check` answers the dry run (JSON, writing nothing) and, when it
 * can be imported, the token of the file kept for its import (decision
 * 085); `?step=apply&clash=&token=` imports the kept file, and
 * `?step=apply&clash=` with a body the file sent, answering its progress as
 * lines of JSON and then the result. A token unknown or past its time: 410.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const url = new URL(request.url);
  const lang = langFromQuery(request.url);
  const texts = dictionaryFor(lang).admin.transfer.import;
  const author = context.get(authorContext);
  const step = url.searchParams.get("step") === "apply" ? "apply" : "check";
  const token = url.searchParams.get("token");
  const { db, uploads, importLimiter, keptImports } = servicesOf(context);
  if (step === "apply" && token !== null) {
    // The file was counted when it was sent for its dry run; its import costs no upload (decision 085).
    const upload = keptImports ? await findKept(keptImports, token, author.id) : undefined;
    if (!keptImports || !upload || upload.state.state !== "kept" || !(await claimKept(upload))) {
      const minutes = keptImports ? keptMinutes(keptImports) : 0;
      return Response.json(
        { error: format(texts.expired, { minutes }) },
        { status: 410, headers: { "Cache-Control": "no-store" } },
      );
    }
    const { applyKeptUpload, clashChoice } = await import("~/server/transfer/admin-import.server.ts");
    return linesOf(async (send) => {
      try {
        send(
          await applyKeptUpload(db, uploads, keptImports, upload, author.id, {
            clash: clashChoice(url.searchParams.get("clash")),
            lang,
            publicUrl: siteUrl(),
            onProgress: (progress) => send({ progress }),
          }),
        );
      } catch (error) {
        send({ error: texts.failed });
        console.error("An import failed:", error);
      }
    });
  }
  const length = Number(request.headers.get("content-length") ?? 0);
  if (!request.body || !length) return Response.json({ error: texts.missingFile }, { status: 400 });
  // Before a byte is read: a 2 GB upload is answered at once.
  if (length > MAX_IMPORT_BYTES) {
    return Response.json({ error: format(texts.tooLarge, { max: megabytes(MAX_IMPORT_BYTES) }) }, { status: 413 });
  }
  // Counted before a byte is read: a refused upload costs nothing.
  const counted = await countImport(importLimiter, author.id);
  if (!counted.allowed) {
    const seconds = Math.max(1, Math.ceil(counted.retryAfterMs / 1000));
    return Response.json(
      { error: format(texts.rateLimited, { minutes: Math.ceil(seconds / 60) }) },
      { status: 429, headers: { "Retry-After": String(seconds), "Cache-Control": "no-store" } },
    );
  }
  const name = uploadName(url.searchParams.get("name"));
  // The readers and their libraries (turndown, the Markdown pipeline, the zip reader) load with the first import.
  const { applyUpload, checkUpload, clashChoice } = await import("~/server/transfer/admin-import.server.ts");

  if (step === "check") {
    try {
      return await withUploadedFile(request.body, name, MAX_IMPORT_BYTES, async (file, size) => {
        const plan = await checkUpload(db, file, name, author.id, lang);
        // A file that can be imported is kept for its import: it is not sent again.
        const importable = keptImports && plan.problems.length === 0 && plan.posts > 0;
        const kept = importable
          ? await keepUpload(keptImports, author.id, { path: file, name, size, posts: plan.posts })
          : undefined;
        return Response.json({ plan, ...(kept ? { token: kept } : {}) });
      });
    } catch (error) {
      if (error instanceof UploadTooLarge) {
        return Response.json({ error: format(texts.tooLarge, { max: megabytes(MAX_IMPORT_BYTES) }) }, { status: 413 });
      }
      throw error;
    }
  }

  const body = request.body;
  return linesOf(async (send) => {
    try {
      await withUploadedFile(body, name, MAX_IMPORT_BYTES, async (file) => {
        send(
          await applyUpload(db, uploads, file, name, author.id, {
            clash: clashChoice(url.searchParams.get("clash")),
            lang,
            publicUrl: siteUrl(),
            onProgress: (progress) => send({ progress }),
          }),
        );
      });
    } catch (error) {
      send({
        error:
          error instanceof UploadTooLarge ? format(texts.tooLarge, { max: megabytes(MAX_IMPORT_BYTES) }) : texts.failed,
      });
      if (!(error instanceof UploadTooLarge)) console.error("An import failed:", error);
    }
  });
}
