/**
 * The edge's check of a request's address, once for every route, before any
 * of them sees it. A path whose percent-encoding is malformed, or that is
 * longer than any address of the site, is refused with 400 and a short page
 * in the visitor's language. A path that holds a control character (NUL
 * included) once decoded, or that is shaped like a route whose parameters
 * come from the database (a post's slug, a tag, a link-preview image) with a
 * parameter that cannot be one, is answered by the not-found page of its
 * language (404) without reaching a route. Query strings are the routes'
 * own (the search answers any text). See docs/decisions/020-hardening.md.
 */
import type { NextFunction, Request, Response } from "express";
import { htmlLang, type Lang, langFromPath, localizePath, stripLang } from "../app/i18n/paths.ts";
import { DATA_SUFFIX, isDataRequest, pagePathOf } from "../app/lib/data-request.ts";
import { SLUG_MAX_LENGTH, SLUG_PATTERN } from "../app/lib/slugify.ts";
import { sha256Source } from "./static-pages.ts";

/** Longer than any address of the site, with room to spare (a slug is 120 characters at most). */
export const MAX_PATH_LENGTH = 1024;

/** Whether a text holds a control character (C0, DEL, C1): no address of the site has one, and PostgreSQL refuses NUL. */
export function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code <= 0x1f || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

/** Blog tags: slugs of 40 characters at most (app/lib/post-input.ts). */
const TAG_MAX_LENGTH = 40;

const isSlug = (value: string, max = SLUG_MAX_LENGTH) => value.length <= max && SLUG_PATTERN.test(value);

/**
 * The routes whose parameters are looked up in the database, by their
 * language-neutral path (React Router's `.data` suffix removed), and what
 * each parameter must look like. Static routes (companies, projects,
 * services) answer from the content modules and need no guard.
 */
const PARAMETER_PATTERNS: readonly { path: RegExp; valid: (...params: string[]) => boolean }[] = [
  { path: /^\/blog\/tag\/([^/]*)$/, valid: (tag) => isSlug(tag, TAG_MAX_LENGTH) },
  { path: /^\/blog\/(?!search$|tag$)([^/]*)$/, valid: (slug) => isSlug(slug) },
  {
    path: /^\/og\/(?:en\/)?blog\/([^/]*)\/([^/]*)$/,
    valid: (slug, file) => isSlug(slug) && /^[0-9a-f]{1,64}\.png$/.test(file),
  },
];

export type PathVerdict = "ok" | "malformed" | "not-found";

/**
 * What the edge makes of a request target (path and query, as received).
 * @example checkRequestTarget("/blog/%") // "malformed"
 * @example checkRequestTarget("/blog/%00") // "not-found"
 * @example checkRequestTarget("/blog/Not_A_Slug") // "not-found"
 */
export function checkRequestTarget(target: string): PathVerdict {
  const queryAt = target.indexOf("?");
  const rawPath = queryAt === -1 ? target : target.slice(0, queryAt);
  if (rawPath.length > MAX_PATH_LENGTH || !rawPath.startsWith("/")) return "malformed";
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    return "malformed";
  }
  // No page's address holds a control character; NUL would even reach the database as a parameter.
  if (hasControlCharacter(path)) return "not-found";
  const neutral = stripLang(pagePathOf(path));
  for (const { path: pattern, valid } of PARAMETER_PATTERNS) {
    const match = pattern.exec(neutral);
    if (match) return valid(...match.slice(1)) ? "ok" : "not-found";
  }
  return "ok";
}

const texts: Record<Lang, { title: string; description: string; returnHome: string }> = {
  pt: {
    title: "Endereço inválido",
    description:
      "O endereço que você abriu está malformado (um código com % incompleto ou inválido). Confira o link ou volte para o início.",
    returnHome: "Voltar para o início",
  },
  en: {
    title: "Invalid address",
    description:
      "The address you opened is malformed (an incomplete or invalid % code). Check the link or return to the home page.",
    returnHome: "Return to Home",
  },
};

/** The bad-request page's only styles, inline and allowed by their hash. */
const BAD_REQUEST_STYLE =
  "body{font:1rem/1.6 system-ui,sans-serif;margin:0;display:grid;min-height:100vh;place-items:center;background:#fff;color:#18181b}@media (prefers-color-scheme:dark){body{background:#09090b;color:#fafafa}a{color:#a5b4fc}}main{max-width:32rem;padding:2rem}h1{font-size:1.75rem;line-height:1.2}a{color:#4338ca}";

/** The page of a refused address: self-contained (no script, no request of its own), in the path's language. */
export function badRequestPage(lang: Lang): string {
  const t = texts[lang];
  return `<!DOCTYPE html><html lang="${htmlLang[lang]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${t.title}</title><style>${BAD_REQUEST_STYLE}</style></head><body><main><h1>${t.title}</h1><p>${t.description}</p><p><a href="${localizePath("/", lang)}">${t.returnHome}</a></p></main></body></html>`;
}

export const BAD_REQUEST_CSP = `default-src 'none'; style-src ${sha256Source(BAD_REQUEST_STYLE)}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

/**
 * The middleware: refuses malformed addresses with 400, and sends addresses
 * whose parameters cannot exist to the not-found page of their language
 * (the app's own, rendered as for any unknown path) without a lookup.
 */
export function requestGuard() {
  return (req: Request, res: Response, next: NextFunction) => {
    const verdict = checkRequestTarget(req.url);
    if (verdict === "ok") return next();
    const lang = langFromPath(req.url.split("?")[0] ?? "/");
    if (verdict === "not-found") {
      // An address no route has: the catch-all not-found route answers it, 404, in that language
      // (as loader data when loader data was asked for).
      const [path = "", query] = req.url.split(/\?(.*)/s);
      const data = isDataRequest(path) ? DATA_SUFFIX : "";
      req.url = `${localizePath(NOT_FOUND_PATH, lang)}${data}${query === undefined ? "" : `?${query}`}`;
      // React Router's adapter and the page cache read the original URL.
      req.originalUrl = req.url;
      return next();
    }
    res.status(400);
    res.setHeader("Content-Security-Policy", BAD_REQUEST_CSP);
    res.setHeader("Cache-Control", "no-store");
    if (req.method === "HEAD") res.type("html").end();
    else res.type("html").send(badRequestPage(lang));
  };
}

/** A path no route matches, answered by the catch-all not-found route. */
export const NOT_FOUND_PATH = "/404";
