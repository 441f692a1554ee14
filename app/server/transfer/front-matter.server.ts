/**
 * Front matter as Hugo, Jekyll and Astro write it: YAML between `---`, TOML
 * between `+++`, or a JSON object first in the file. Values are read as
 * written (YAML's dates stay text, TOML's are dates); a key's line is found
 * for the messages that point at it.
 */
import { parse as parseToml } from "smol-toml";
import { parse as parseYaml, YAMLParseError } from "yaml";
import { ImportError } from "./import-types.server.ts";

export interface FrontMatter {
  data: Record<string, unknown>;
  body: string;
  /** The line of the file (1-based) a key is written on, or the first line. */
  lineOf(key: string): number;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Splits a Markdown file into its front matter and text; a file without front matter has empty data. */
export function readFrontMatter(text: string, file: string): FrontMatter {
  const source = text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const lines = source.split("\n");
  let data: Record<string, unknown> = {};
  let body = source;
  let headerLines: string[] = [];
  const fence = lines[0]?.trimEnd();
  const fail = (line: number | undefined, detail: string): never => {
    throw new ImportError({
      file,
      line,
      code: "malformed-front-matter",
      values: { detail: detail.split("\n")[0] ?? "" },
    });
  };
  if (fence === "---" || fence === "+++") {
    const end = lines.findIndex((line, i) => i > 0 && line.trimEnd() === fence);
    if (end === -1) fail(1, `no closing ${fence}`);
    headerLines = lines.slice(1, end);
    body = lines.slice(end + 1).join("\n");
    const header = headerLines.join("\n");
    try {
      const parsed = fence === "---" ? parseYaml(header) : parseToml(header);
      if (parsed !== null && parsed !== undefined && (typeof parsed !== "object" || Array.isArray(parsed))) {
        fail(2, "not a map of keys");
      }
      data = (parsed ?? {}) as Record<string, unknown>;
    } catch (error) {
      if (error instanceof ImportError) throw error;
      const line =
        error instanceof YAMLParseError
          ? (error.linePos?.[0]?.line ?? 0) + 1
          : ((error as { line?: number }).line ?? 0) + 1;
      fail(line, error instanceof Error ? error.message : String(error));
    }
  } else if (fence?.startsWith("{")) {
    // Hugo's JSON front matter: an object, then the text.
    const end = lines.findIndex((line) => line.trimEnd() === "}");
    if (end === -1) fail(1, "no closing }");
    headerLines = lines.slice(0, end + 1);
    try {
      data = JSON.parse(headerLines.join("\n")) as Record<string, unknown>;
    } catch (error) {
      fail(1, error instanceof Error ? error.message : String(error));
    }
    body = lines.slice(end + 1).join("\n");
  }
  const offset = fence === "---" || fence === "+++" ? 2 : 1;
  return {
    data,
    body: body.replace(/^\n+/, ""),
    lineOf(key) {
      const pattern = new RegExp(`^\\s*["']?${escapeRegExp(key)}["']?\\s*[:=]`);
      const index = headerLines.findIndex((line) => pattern.test(line));
      return index === -1 ? 1 : index + offset;
    },
  };
}
