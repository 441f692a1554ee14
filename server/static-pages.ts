import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { NextFunction, Request, Response } from "express";
import { contentSecurityPolicy } from "../app/lib/csp.ts";

interface StaticPage {
  file: string;
  csp: string;
}

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

/** Finds every prerendered page under the client build and its CSP. */
export async function loadStaticPages(
  clientDir: string,
  formTargets: readonly string[] = [],
): Promise<Map<string, StaticPage>> {
  const pages = new Map<string, StaticPage>();
  const entries = await readdir(clientDir, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile() || entry.name !== "index.html") continue;
    const file = path.join(entry.parentPath, entry.name);
    const dir = path.relative(clientDir, entry.parentPath).split(path.sep).filter(Boolean);
    const key = `/${dir.join("/")}`;
    const html = await readFile(file, "utf8");
    pages.set(key, { file, csp: contentSecurityPolicy(inlineScriptHashes(html), formTargets) });
  }
  return pages;
}

/** Serves prerendered pages as files, with a CSP built from their own script hashes. */
export function staticPagesMiddleware(pages: Map<string, StaticPage>) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const key = pageKey(req.path);
    if (!key) return next();
    const page = pages.get(key);
    if (!page) return next();
    // One URL per page: `/about/` redirects to `/about`.
    if (req.path !== "/" && req.path.endsWith("/")) {
      const query = req.originalUrl.slice(req.path.length);
      return res.redirect(301, req.path.replace(/\/+$/, "") + query);
    }
    res.setHeader("Content-Security-Policy", page.csp);
    res.setHeader("Cache-Control", "public, max-age=0, must-revalidate");
    res.sendFile(page.file, { headers: { "Content-Type": "text/html; charset=utf-8" } }, (error) => {
      if (error) next(error);
    });
  };
}
