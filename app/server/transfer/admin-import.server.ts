/**
 * An uploaded file's dry run and import, as the admin runs them: the file
 * read for what it is (a fault of the file becomes the dry run's one
 * problem), planned or imported for the signed-in author, and the outcome in
 * the author's language. The script's upload (routes/admin-blog-import.ts)
 * and the plain form (routes/admin-blog-transfer.tsx) share it. Loaded with
 * the first import, with the readers and their libraries (decision 013).
 */
import "../../i18n/all.ts";
import { dictionaryFor, format, type Lang } from "../../i18n/index.ts";
import type { Database } from "../db/client.server.ts";
import type { ObjectStorage } from "../uploads/storage.server.ts";
import {
  applyImport,
  CLASH_CHOICES,
  type ClashChoice,
  type ImportProgress,
  ImportRefused,
  type ImportResult,
  planImport,
} from "./import.server.ts";
import { ImportError, type SpooledSource } from "./import-types.server.ts";
import { type KeptImports, type KeptUpload, progressRecorder, recordKept } from "./kept-imports.server.ts";
import { type WrittenPlan, writtenPlan } from "./messages.server.ts";
import { spoolSource } from "./read-source.server.ts";
import { openSource, type SourceTree } from "./source-files.server.ts";

/** The clash choice a request names, or "skip". */
export function clashChoice(value: unknown): ClashChoice {
  return (CLASH_CHOICES as readonly unknown[]).includes(value) ? (value as ClashChoice) : "skip";
}

/**
 * The file opened and read, its posts' texts spooled to disk (decision 082);
 * a file that cannot be opened is a source with that one problem.
 */
async function readUpload(
  file: string,
  name: string,
  onRead?: (posts: number) => void,
): Promise<{ tree?: SourceTree | undefined; source: SpooledSource }> {
  try {
    const tree = await openSource(file, name);
    try {
      return { tree, source: await spoolSource(tree, new Date(), undefined, onRead) };
    } catch (error) {
      tree.close();
      throw error;
    }
  } catch (error) {
    if (!(error instanceof ImportError)) throw error;
    const problems = [error.problem];
    const none = async function* () {};
    return { source: { kind: "markdown", count: 0, problems, notes: [], summaries: none, texts: none, close() {} } };
  }
}

/** The dry run of the file, in the author's language: writes nothing. */
export async function checkUpload(
  db: Database,
  file: string,
  name: string,
  authorId: string,
  lang: Lang,
): Promise<WrittenPlan> {
  const { tree, source } = await readUpload(file, name);
  try {
    return writtenPlan(lang, await planImport(db, source, authorId));
  } finally {
    source.close();
    tree?.close();
  }
}

export type AppliedUpload = { result: ImportResult; message: string } | { plan: WrittenPlan };

/** Imports the file in one transaction, or answers the dry run that refused it. */
export async function applyUpload(
  db: Database,
  uploads: ObjectStorage,
  file: string,
  name: string,
  authorId: string,
  options: {
    clash: ClashChoice;
    lang: Lang;
    publicUrl: string;
    onProgress?: (progress: ImportProgress) => void;
    /** The dry run's count of posts: the reading is reported against it. */
    expected?: number | undefined;
  },
): Promise<AppliedUpload> {
  const { onProgress, expected } = options;
  // Read again for the import: a large file takes a while, told every 100 posts.
  const onRead =
    onProgress && expected
      ? (done: number) => {
          if (done % 100 === 0 || done === expected)
            onProgress({ phase: "reading", done: Math.min(done, expected), total: expected });
        }
      : undefined;
  const { tree, source } = await readUpload(file, name, onRead);
  try {
    if (!tree) return { plan: writtenPlan(options.lang, await planImport(db, source, authorId)) };
    const result = await applyImport(db, uploads, tree, source, authorId, {
      clash: options.clash,
      publicUrl: options.publicUrl,
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    });
    return { result, message: format(dictionaryFor(options.lang).admin.transfer.import.done, { ...result }) };
  } catch (error) {
    if (error instanceof ImportRefused) return { plan: writtenPlan(options.lang, error.plan) };
    throw error;
  } finally {
    source.close();
    tree?.close();
  }
}

/**
 * Imports a file kept since its dry run (decision 085), recording its
 * progress and its outcome beside it for the page that shows them; a
 * failure is recorded too, and thrown.
 */
export async function applyKeptUpload(
  db: Database,
  uploads: ObjectStorage,
  kept: KeptImports,
  upload: KeptUpload,
  authorId: string,
  options: { clash: ClashChoice; lang: Lang; publicUrl: string; onProgress?: (progress: ImportProgress) => void },
): Promise<AppliedUpload> {
  const progress = progressRecorder(kept, upload);
  try {
    const applied = await applyUpload(db, uploads, upload.file, upload.name, authorId, {
      ...options,
      expected: upload.posts,
      onProgress: (step) => {
        progress.record(step);
        options.onProgress?.(step);
      },
    });
    await progress.flush();
    await recordKept(
      kept,
      upload,
      "plan" in applied ? { state: "refused", plan: applied.plan } : { state: "done", result: applied.result },
    );
    return applied;
  } catch (error) {
    await progress.flush();
    await recordKept(kept, upload, { state: "failed" }).catch(() => undefined);
    throw error;
  }
}
