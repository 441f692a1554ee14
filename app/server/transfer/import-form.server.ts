/**
 * The import without scripts: the page's import form posted as a plain
 * `multipart/form-data` form to the page itself answers the file's dry run
 * as the page. A file with something to import is kept on the server
 * (decision 085) and the dry run's page carries its token: its import form
 * is a plain form too (the token and the clash choice, no file), whose post
 * starts the import and sends the browser to the page of its progress,
 * which reads it from beside the kept file. The upload is counted and
 * bounded as the script's is (decision 074).
 * See docs/decisions/075-the-import-as-a-plain-form.md.
 */
import { data, redirect } from "react-router";
import "../../i18n/all.ts";
import { dictionaryFor, format, type Lang, localizePath } from "../../i18n/index.ts";
import { MAX_IMPORT_BYTES } from "../../lib/upload-limits.ts";
import { siteUrl } from "../../site.config.ts";
import type { RateLimit } from "../auth/rate-limit.server.ts";
import type { Database } from "../db/client.server.ts";
import type { ObjectStorage } from "../uploads/storage.server.ts";
import { UnreadableForm, withPostedForm } from "./form-upload.server.ts";
import type { ImportProgress } from "./import.server.ts";
import { claimKept, findKept, type KeptImports, keepUpload, keptMinutes } from "./kept-imports.server.ts";
import { countImport } from "./limits.server.ts";
import type { WrittenPlan } from "./messages.server.ts";
import { UploadTooLarge } from "./upload.server.ts";

/** What the page shows after a post of the import's form, or on the page of an import's progress. */
export type ImportFormState =
  | { plan: WrittenPlan; token?: string | undefined; name: string; error?: string | undefined }
  | { running: ImportProgress | null; href: string }
  | { done: string }
  | { error: string };

export interface ImportFormServices {
  db: Database;
  uploads: ObjectStorage;
  limiter: RateLimit | null | undefined;
  kept: KeptImports;
}

/** Room for the form's fields and framing around the file. */
const FORM_OVERHEAD = 64 * 1024;

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

const answer = (state: ImportFormState, status = 200, headers?: Record<string, string>) =>
  data({ import: state }, { status, ...(headers ? { headers } : {}) });

/** The page of a kept file's import: `?import=` its token. */
export const progressPath = (lang: Lang, token: string) =>
  `${localizePath("/admin/blog/transfer", lang)}?import=${encodeURIComponent(token)}`;

/** The page's answer to the import's form with its file: the dry run, and the kept file's token. */
export async function importByForm(
  request: Request,
  boundary: string,
  lang: Lang,
  app: ImportFormServices,
  authorId: string,
) {
  const texts = dictionaryFor(lang).admin.transfer.import;
  const tooLarge = () => answer({ error: format(texts.tooLarge, { max: megabytes(MAX_IMPORT_BYTES) }) }, 413);
  if (!request.body) return answer({ error: texts.missingFile }, 400);
  // Before a byte is read, as the script's upload: a body declared too large, then the author's count.
  if (Number(request.headers.get("content-length") ?? 0) > MAX_IMPORT_BYTES + FORM_OVERHEAD) return tooLarge();
  const counted = await countImport(app.limiter, authorId);
  if (!counted.allowed) {
    const seconds = Math.max(1, Math.ceil(counted.retryAfterMs / 1000));
    return answer({ error: format(texts.rateLimited, { minutes: Math.ceil(seconds / 60) }) }, 429, {
      "Retry-After": String(seconds),
    });
  }
  // The readers and their libraries load with the first import (decision 013).
  const { checkUpload } = await import("./admin-import.server.ts");
  try {
    return await withPostedForm(request.body, boundary, MAX_IMPORT_BYTES + FORM_OVERHEAD, async ({ file }) => {
      if (!file) return answer({ error: texts.missingFile }, 400);
      if (file.size > MAX_IMPORT_BYTES) return tooLarge();
      const plan = await checkUpload(app.db, file.path, file.name, authorId, lang);
      // Only a file that can be imported is kept: it moves out of the form's folder before that is removed.
      const importable = plan.problems.length === 0 && plan.posts > 0;
      const token = importable ? await keepUpload(app.kept, authorId, { ...file, posts: plan.posts }) : undefined;
      return answer({ plan, token, name: file.name });
    });
  } catch (error) {
    if (error instanceof UploadTooLarge) return tooLarge();
    if (error instanceof UnreadableForm) return answer({ error: texts.failed }, 400);
    throw error;
  }
}

/**
 * The dry run's import form (`apply-import`, its token and the clash
 * choice): starts the kept file's import, which goes on after the answer,
 * and sends the browser to its progress. A token unknown, past its time or
 * another author's is answered with the file's form again and why (410).
 */
export async function applyByForm(form: FormData, lang: Lang, app: ImportFormServices, authorId: string) {
  const texts = dictionaryFor(lang).admin.transfer.import;
  const token = String(form.get("token") ?? "");
  const upload = await findKept(app.kept, token, authorId);
  if (!upload) return answer({ error: format(texts.expired, { minutes: keptMinutes(app.kept) }) }, 410);
  // A form sent twice imports once: the second is sent to the progress of the first.
  if (upload.state.state === "kept" && (await claimKept(upload))) {
    const { applyKeptUpload, clashChoice } = await import("./admin-import.server.ts");
    void applyKeptUpload(app.db, app.uploads, app.kept, upload, authorId, {
      clash: clashChoice(form.get("clash")),
      lang,
      publicUrl: siteUrl(),
    }).catch((error: unknown) => console.error("An import failed:", error));
  }
  return redirect(progressPath(lang, token), 303);
}

/** The page of a kept file's import (`?import=`): its progress, its outcome, or why it is not known. */
export async function importProgressState(
  kept: KeptImports,
  token: string,
  lang: Lang,
  authorId: string,
): Promise<ImportFormState | undefined> {
  const texts = dictionaryFor(lang).admin.transfer.import;
  const upload = await findKept(kept, token, authorId);
  if (!upload) return { error: format(texts.expired, { minutes: keptMinutes(kept) }) };
  const { state } = upload;
  if (state.state === "running") return { running: state.progress ?? null, href: progressPath(lang, token) };
  if (state.state === "done") return { done: format(texts.done, { ...state.result }) };
  if (state.state === "refused") return { plan: state.plan, name: upload.name };
  if (state.state === "failed") return { error: texts.failed };
  // Kept and not imported yet (the address typed rather than reached by the form): the page as at first.
  return undefined;
}
