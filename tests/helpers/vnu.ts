/**
 * The W3C Nu Html Checker (vnu-jar, which needs Java) over pages given as
 * text, and the outline check that goes with it: one JVM checks them all at
 * once, and each problem is reported under the page's own name.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const vnuJar = String(createRequire(import.meta.url)("vnu-jar"));

/**
 * One run of the checker is short: Java's first compiler alone (C1) does its work in 3.5 CPU-s where the optimizing
 * one spends 7 to 9.5 on compiling code the run ends before using (about 100 pages, measured here); the same
 * messages either way. C1's frames are larger, and the checker's schema recurses deeply: a 16 MB stack.
 */
const JAVA_FLAGS = ["-XX:TieredStopAtLevel=1", "-Xss16m"];

interface VnuMessage {
  type: string;
  subType?: string;
  url: string;
  message: string;
  lastLine?: number;
  extract?: string;
}

/**
 * The checker's errors over every page (name → HTML), each as `name:line: message`.
 * @example expect(await htmlErrors(new Map([["/about", html]]))).toEqual([])
 */
export async function htmlErrors(files: Map<string, string>): Promise<string[]> {
  const dir = mkdtempSync(path.join(tmpdir(), "valid-html-"));
  try {
    // vnu names each file by its URL; the report names the page.
    const names = new Map<string, string>();
    const paths = [...files].map(([label, html], index) => {
      const file = path.join(dir, `${index}.html`);
      writeFileSync(file, html);
      names.set(`file:${file}`, label);
      return file;
    });
    let output: string;
    try {
      const run = await promisify(execFile)(
        "java",
        [...JAVA_FLAGS, "-jar", vnuJar, "--errors-only", "--format", "json", "--exit-zero-always", ...paths],
        { maxBuffer: 64 * 1024 * 1024 },
      );
      output = run.stderr || run.stdout;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new Error(
        code === "ENOENT"
          ? "The HTML check needs Java on PATH (Debian: apt-get install default-jre-headless)"
          : String(error),
      );
    }
    const { messages } = JSON.parse(output) as { messages: VnuMessage[] };
    return messages
      .filter((m) => m.type === "error" || m.subType === "fatal")
      .map((m) => `${names.get(m.url) ?? m.url}:${m.lastLine ?? "?"}: ${m.message}\n    ${m.extract ?? ""}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Where a page's outline skips a level on the way down (h1 then h3 hides a section from heading navigation).
 * @example headingSkips(new Map([["/x", "<h1>a</h1><h3>b</h3>"]])) // ["/x: h1 then h3"]
 */
export function headingSkips(pages: Map<string, string>): string[] {
  return [...pages].flatMap(([url, html]) => {
    let previous = 0;
    const found: string[] = [];
    for (const [, level] of html.matchAll(/<h([1-6])\b/g)) {
      if (Number(level) > previous + 1) found.push(`${url}: h${previous} then h${level}`);
      previous = Number(level);
    }
    return found;
  });
}
