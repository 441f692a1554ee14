/**
 * Prerendered pages: how a request path names one, and the CSP source list
 * that allows exactly the inline scripts of its HTML (server/static-files.ts
 * serves them).
 */
import { createHash } from "node:crypto";

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;

/** The CSP source list that allows exactly the inline scripts of one HTML file. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const body = match[1] ?? "";
    if (body.trim() === "") continue;
    hashes.add(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/**
 * The build writes `/about` to `about/index.html`, with each path segment
 * percent-encoded as a browser sends it. A request path is brought to that
 * same spelling, so `/projects/site-da-família-werneck` typed, encoded in upper
 * or lower case, finds its file.
 */
export function pageKey(urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes("\0") || decoded.split("/").includes("..")) return undefined;
  const segments = decoded.split("/").filter(Boolean);
  return `/${segments.map(encodeURIComponent).join("/")}`;
}
