import { dictionaryFor, format, langFromQuery } from "~/i18n";
import { MAX_IMPORT_BYTES } from "~/lib/upload-limits.ts";
import { authorContext, requireAuthorForApi } from "~/server/auth/guard.server.ts";
import { servicesOf } from "~/server/request-context.server.ts";
import type { ClashChoice } from "~/server/transfer/import.server.ts";
import type { ParsedSource } from "~/server/transfer/import-types.server.ts";
import { UploadTooLarge, uploadName, withUploadedFile } from "~/server/transfer/upload.server.ts";
import { siteUrl } from "~/site.config.ts";
import type { Route } from "./+types/admin-blog-import";

export const middleware: Route.MiddlewareFunction[] = [requireAuthorForApi];

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/**
 * Receives a file to import as the request's body (`?name=` its name):
 * `?step=check` answers the dry run (JSON, writing nothing); `?step=apply&clash=`
 * imports it, answering its progress as lines of JSON and then the result.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const url = new URL(request.url);
  const lang = langFromQuery(request.url);
  const texts = dictionaryFor(lang).admin.transfer.import;
  const author = context.get(authorContext);
  // The readers and their libraries (turndown, the Markdown pipeline, the zip reader) load with the first import.
  const [
    { ImportError },
    { applyImport, CLASH_CHOICES, ImportRefused, planImport },
    { writtenPlan },
    { readSource },
    { openSource },
  ] = await Promise.all([
    import("~/server/transfer/import-types.server.ts"),
    import("~/server/transfer/import.server.ts"),
    import("~/server/transfer/messages.server.ts"),
    import("~/server/transfer/read-source.server.ts"),
    import("~/server/transfer/source-files.server.ts"),
  ]);
  const step = url.searchParams.get("step") === "apply" ? "apply" : "check";
  const clash = (CLASH_CHOICES as readonly string[]).includes(url.searchParams.get("clash") ?? "")
    ? (url.searchParams.get("clash") as ClashChoice)
    : "skip";
  const length = Number(request.headers.get("content-length") ?? 0);
  if (!request.body || !length) return Response.json({ error: texts.missingFile }, { status: 400 });
  // Before a byte is read: a 2 GB upload is answered at once.
  if (length > MAX_IMPORT_BYTES) {
    return Response.json({ error: format(texts.tooLarge, { max: megabytes(MAX_IMPORT_BYTES) }) }, { status: 413 });
  }
  const { db, uploads } = servicesOf(context);
  const name = uploadName(url.searchParams.get("name"));

  const readUpload = async (file: string) => {
    try {
      const tree = await openSource(file, name);
      return { tree, source: await readSource(tree) };
    } catch (error) {
      if (!(error instanceof ImportError)) throw error;
      const source: ParsedSource = { kind: "markdown", posts: [], problems: [error.problem], notes: [] };
      return { tree: undefined, source };
    }
  };

  if (step === "check") {
    try {
      return await withUploadedFile(request.body, name, MAX_IMPORT_BYTES, async (file) => {
        const { tree, source } = await readUpload(file);
        try {
          const plan = await planImport(db, source, author.id);
          return Response.json({ plan: writtenPlan(lang, plan) });
        } finally {
          tree?.close();
        }
      });
    } catch (error) {
      if (error instanceof UploadTooLarge) {
        return Response.json({ error: format(texts.tooLarge, { max: megabytes(MAX_IMPORT_BYTES) }) }, { status: 413 });
      }
      throw error;
    }
  }

  // The import answers as it goes: a line per step, then the result (or the problems that stopped it).
  const body = request.body;
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (line: unknown) => controller.enqueue(encoder.encode(`${JSON.stringify(line)}\n`));
      try {
        await withUploadedFile(body, name, MAX_IMPORT_BYTES, async (file) => {
          const { tree, source } = await readUpload(file);
          try {
            if (!tree) {
              const plan = await planImport(db, source, author.id);
              send({ plan: writtenPlan(lang, plan) });
              return;
            }
            const result = await applyImport(db, uploads, tree, source, author.id, {
              clash,
              publicUrl: siteUrl(),
              onProgress: (progress) => send({ progress }),
            });
            send({ result, message: format(texts.done, { ...result }) });
          } catch (error) {
            if (error instanceof ImportRefused) send({ plan: writtenPlan(lang, error.plan) });
            else throw error;
          } finally {
            tree?.close();
          }
        });
      } catch (error) {
        send({
          error:
            error instanceof UploadTooLarge
              ? format(texts.tooLarge, { max: megabytes(MAX_IMPORT_BYTES) })
              : texts.failed,
        });
        if (!(error instanceof UploadTooLarge)) console.error("An import failed:", error);
      }
      controller.close();
    },
  });
  return new Response(stream, {
    headers: { "Content-Type": "application/x-ndjson; charset=utf-8", "Cache-Control": "no-store, no-transform" },
  });
}
