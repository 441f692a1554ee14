/**
 * The production build the server tests start servers from. In `npm test`
 * the suite builds the site once and hands its directory over (TEST_BUILD_DIR):
 * the tests only read it. Run alone, a test file builds one of its own, inside
 * the project where the build's imports find node_modules, and removes it.
 */
import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import path from "node:path";
import { buildSite } from "../../../bench/build.ts";

export interface TestBuild {
  dir: string;
  /** Removes the build if the test made it; the suite's is left alone. */
  remove(): void;
}

/** The suite's build, or a new one named after the test file (`build-{name}-…`, ignored by git). */
export async function testBuild(name: string): Promise<TestBuild> {
  const shared = process.env.TEST_BUILD_DIR;
  // The generation the link names now, so a rebuild meanwhile changes nothing under the tests.
  if (shared) return { dir: realpathSync(path.resolve(shared)), remove: () => undefined };
  const dir = mkdtempSync(path.resolve(`build-${name}-`));
  await buildSite(dir);
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
