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
): Promise<{ tree?: SourceTree | undefined; source: SpooledSource }> {
  try {
    const tree = await openSource(file, name);
    try {
      return { tree, source: await spoolSource(tree) };
    } catch (error) {
      tree.close();
      throw error;
    }
  } catch (error) {
    if (!(error instanceof ImportError)) throw error;
    const problems = [error.problem];
    return { source: { kind: "markdown", posts: [], problems, notes: [], texts: async function* () {}, close() {} } };
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
  options: { clash: ClashChoice; lang: Lang; publicUrl: string; onProgress?: (progress: ImportProgress) => void },
): Promise<AppliedUpload> {
  const { tree, source } = await readUpload(file, name);
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
