/**
 * What a build was made with, written beside it (`BUILD_DIR/build-record.json`)
 * for the server that runs it: today the PUBLIC_URL its prerendered pages
 * name. A server started with another address rewrites those pages at start
 * (docs/decisions/041-public-url-at-run-time.md).
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

export const BUILD_RECORD_FILE = "build-record.json";

const buildRecord = z.object({
  /** The origin written into the prerendered pages, canonical links and link previews. */
  publicUrl: z.string(),
});

export type BuildRecord = z.infer<typeof buildRecord>;

/** Writes the record into a build directory (outside `client/`: it is not served). */
export function writeBuildRecord(buildDir: string, record: BuildRecord): void {
  writeFileSync(path.join(buildDir, BUILD_RECORD_FILE), `${JSON.stringify(record, null, 2)}\n`);
}

/** The record of a build, or undefined for a build made before there was one (or an unreadable record). */
export function readBuildRecord(buildDir: string): BuildRecord | undefined {
  try {
    return buildRecord.parse(JSON.parse(readFileSync(path.join(buildDir, BUILD_RECORD_FILE), "utf8")));
  } catch {
    return undefined;
  }
}
