/**
 * Prerendered pages: how a request path names one, and the CSP source lists
 * that allow exactly the inline scripts and the inline `<style>` elements of
 * its HTML (http-server/static-files.ts serves them).
 */
import { createHash } from "node:crypto";

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g;
const TYPE = /\btype\s*=\s*["']?([^"'\s>]*)/i;
/** JSON in a script element (JSON-LD) is data a browser never runs, so CSP does not govern it. */
const DATA_TYPES = /^application\/(?:[a-z.+-]+\+)?json$/i;
const INLINE_STYLE = /<style\b([^>]*)>([\s\S]*?)<\/style>/g;

/** The CSP hash source of a text, as a browser computes it for an inline element. */
export function sha256Source(text: string): string {
  return `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

function hashesOf(html: string, element: RegExp, applies: (attributes: string) => boolean = () => true): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(element)) {
    if (!applies(match[1] ?? "")) continue;
    const body = match[2] ?? "";
    if (body.trim() === "") continue;
    hashes.add(sha256Source(body));
  }
  return [...hashes];
}

/**
 * The CSP source list that allows exactly the inline scripts of one HTML file that a browser runs, at once or once
 * released (the held scripts): not its JSON, such as the JSON-LD, which CSP does not govern.
 */
export function inlineScriptHashes(html: string): string[] {
  return hashesOf(html, INLINE_SCRIPT, (attributes) => !DATA_TYPES.test(TYPE.exec(attributes)?.[1] ?? ""));
}

/**
 * The CSP source list that allows exactly the `<style>` elements of one HTML
 * file. Style attributes cannot be allowed this way without `'unsafe-hashes'`;
 * pages render none (docs/decisions/026-https-and-a-strict-csp.md).
 */
export function inlineStyleHashes(html: string): string[] {
  return hashesOf(html, INLINE_STYLE);
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

/**
 * A prerendered page made with another PUBLIC_URL, naming the server's origin
 * instead (decision 041). Only the origin in quotes changes: attributes
 * (canonical and alternate links, Open Graph), JSON-LD and the page's data,
 * escaped or not. The same address written as text (a code sample in an
 * article) has no quote before it and stays as the author wrote it.
 * @example rewriteOrigin('<link href="http://localhost:3000/en">', "http://localhost:3000", "https://example.com")
 *   // { html: '<link href="https://example.com/en">', count: 1 }
 */
export function rewriteOrigin(html: string, built: string, served: string): { html: string; count: number } {
  const quoted = new RegExp(`(["'])${built.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?=[/"'\\\\?#])`, "g");
  let count = 0;
  const rewritten = html.replace(quoted, (_match, quote: string) => {
    count += 1;
    return quote + served;
  });
  return { html: rewritten, count };
}
