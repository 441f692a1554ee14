/**
 * The answer to a client that asked for more than its limit (429): a
 * `Retry-After` in seconds, and a body a person can read. A navigation gets a
 * small self-contained page in the visitor's language (no script, nothing to
 * fetch, so the refused browser asks for nothing more); loader data, fetches
 * and other clients get one plain line. The page cache's flood limits
 * (server/flood-limits.ts) and sign-in (sign-in.server.ts) answer with it.
 * See docs/decisions/027-flood-limits.md.
 */
import { limits as en } from "../i18n/en/limits.ts";
import { htmlLang, type Lang, localizePath } from "../i18n/paths.ts";
import { type LimitStrings, limits as pt } from "../i18n/pt/limits.ts";
import { isDataRequest } from "../lib/data-request.ts";
import { escapeHtml } from "../lib/html-entities.ts";

const strings: Record<Lang, LimitStrings> = { pt, en };

/** Where a 429 is going: its language, whether a person sees it as a page, and the wait. */
export interface TooManyRequests {
  lang: Lang;
  /** A browser navigation (a document request, not loader data or a script's fetch). */
  page: boolean;
  /** Whole seconds until the client may ask again (at least 1). */
  retryAfterSeconds: number;
  /** A sentence of its own in place of the generic one (sign-in's "Too many sign-in attempts…"). */
  description?: string | undefined;
}

/** A 429 as status, headers and body; both the Express edge and React Router routes send it. */
export interface TooManyRequestsAnswer {
  status: 429;
  headers: Record<string, string>;
  body: string;
}

const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * Whether a request is a browser navigation that shows its answer as a page:
 * `Sec-Fetch-Mode: navigate`, or (older clients) HTML accepted, and not
 * React Router's loader data.
 * @example wantsPage("/en/blog/search", { "sec-fetch-mode": "navigate" }) // true
 * @example wantsPage("/blog.data", { accept: "text/html" }) // false
 */
export function wantsPage(
  path: string,
  headers: { accept?: string | null | undefined; "sec-fetch-mode"?: string | null | undefined },
): boolean {
  if (isDataRequest(path)) return false;
  const mode = headers["sec-fetch-mode"];
  if (mode) return mode === "navigate";
  return (headers.accept ?? "").includes("text/html");
}

/** The generic sentence with the wait filled in. */
export function tooManyRequestsText(lang: Lang, retryAfterSeconds: number): string {
  return strings[lang].description.replace("{seconds}", String(retryAfterSeconds));
}

/** The 429 for one refused request. */
export function tooManyRequests({
  lang,
  page,
  retryAfterSeconds,
  description,
}: TooManyRequests): TooManyRequestsAnswer {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  const text = description ?? tooManyRequestsText(lang, seconds);
  const headers: Record<string, string> = { "Retry-After": String(seconds), "Cache-Control": "no-store" };
  if (!page) {
    return { status: 429, headers: { ...headers, "Content-Type": "text/plain; charset=utf-8" }, body: `${text}\n` };
  }
  const t = strings[lang];
  const body = `<!DOCTYPE html><html lang="${htmlLang[lang]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${t.title}</title><style>body{font:1rem/1.6 system-ui,sans-serif;margin:0;display:grid;min-height:100vh;place-items:center;background:#fff;color:#18181b}@media (prefers-color-scheme:dark){body{background:#09090b;color:#fafafa}a{color:#a5b4fc}}main{max-width:32rem;padding:2rem}h1{font-size:1.75rem;line-height:1.2}a{color:#4338ca}</style></head><body><main><h1>${t.heading}</h1><p>${escapeHtml(text)}</p><p><a href="${localizePath("/", lang)}">${t.returnHome}</a></p></main></body></html>`;
  return {
    status: 429,
    headers: { ...headers, "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": PAGE_CSP },
    body,
  };
}

/** The same 429 as a Fetch response, for routes. */
export function tooManyRequestsResponse(options: TooManyRequests): Response {
  const { status, headers, body } = tooManyRequests(options);
  return new Response(body, { status, headers });
}
