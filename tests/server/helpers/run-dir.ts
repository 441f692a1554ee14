/**
 * Vitest's global setup: a directory the whole run shares, removed when it
 * ends. Test files run in processes of their own (one per file), so what
 * one makes that the others could reuse (the migrated embedded database,
 * `migratedPglite` in databases.ts) is written there once, not once per file.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** The run's shared directory (this module). */
    runDir: string;
  }
}

export default function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), "portfolio-test-run-"));
  project.provide("runDir", dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
