/**
 * The import without scripts: the page's import form posted as a plain
 * `multipart/form-data` form to the page itself. `check-import` answers the
 * file's dry run as the page, with the file's fingerprint; the browser keeps
 * no file from one page to the next, so `apply-import` sends it again with
 * that fingerprint, and a file that is not the one checked gets its own dry
 * run instead of an import. Counted and bounded as the script's upload is
 * (decision 074). See docs/decisions/075-the-import-as-a-plain-form.md.
 */
import { data } from "react-router";
import "../../i18n/all.ts";
import { dictionaryFor, format, type Lang } from "../../i18n/index.ts";
import { MAX_IMPORT_BYTES } from "../../lib/upload-limits.ts";
import { siteUrl } from "../../site.config.ts";
import type { RateLimit } from "../auth/rate-limit.server.ts";
import type { Database } from "../db/client.server.ts";
import type { ObjectStorage } from "../uploads/storage.server.ts";
import { UnreadableForm, withPostedForm } from "./form-upload.server.ts";
import { countImport } from "./limits.server.ts";
import type { WrittenPlan } from "./messages.server.ts";
import { UploadTooLarge } from "./upload.server.ts";

/** What the page shows after a post of the import's form. */
export type ImportFormState =
  | { plan: WrittenPlan; fingerprint: string; name: string; error?: string | undefined }
  | { done: string }
  | { error: string };

/** Room for the form's fields and framing around the file. */
const FORM_OVERHEAD = 64 * 1024;

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** The page's answer to the import's form: its state, and the status that goes with it. */
export async function importByForm(
  request: Request,
  boundary: string,
  lang: Lang,
  app: { db: Database; uploads: ObjectStorage; limiter: RateLimit | null | undefined },
  authorId: string,
) {
  const texts = dictionaryFor(lang).admin.transfer.import;
  const answer = (state: ImportFormState, status = 200, headers?: Record<string, string>) =>
    data({ import: state }, { status, ...(headers ? { headers } : {}) });
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
  const { applyUpload, checkUpload, clashChoice } = await import("./admin-import.server.ts");
  try {
    return await withPostedForm(request.body, boundary, MAX_IMPORT_BYTES + FORM_OVERHEAD, async ({ fields, file }) => {
      if (!file) return answer({ error: texts.missingFile }, 400);
      if (file.size > MAX_IMPORT_BYTES) return tooLarge();
      const checked = async (error?: string) => ({
        plan: await checkUpload(app.db, file.path, file.name, authorId, lang),
        fingerprint: file.sha256,
        name: file.name,
        ...(error ? { error } : {}),
      });
      if (fields.get("intent") !== "apply-import") return answer(await checked());
      // Only the file whose dry run the author saw is imported.
      if (fields.get("fingerprint") !== file.sha256) return answer(await checked(texts.otherFile), 409);
      const applied = await applyUpload(app.db, app.uploads, file.path, file.name, authorId, {
        clash: clashChoice(fields.get("clash")),
        lang,
        publicUrl: siteUrl(),
      });
      if ("plan" in applied) return answer({ plan: applied.plan, fingerprint: file.sha256, name: file.name }, 422);
      return answer({ done: applied.message });
    });
  } catch (error) {
    if (error instanceof UploadTooLarge) return tooLarge();
    if (error instanceof UnreadableForm) return answer({ error: texts.failed }, 400);
    throw error;
  }
}
