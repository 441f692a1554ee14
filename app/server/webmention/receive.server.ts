/**
 * The webmention endpoint (`POST /webmention`, W3C Webmention, section 3.2): the
 * request is checked at once (a form with one `source` and one `target`,
 * both http(s) addresses of at most `MAX_URL_LENGTH` characters, different,
 * the target a post of this site readers see now, the source's host neither
 * blocked nor over its hourly limit), answered 202 and queued; the source
 * is fetched and verified later by the worker. Every refusal is a 4xx with
 * one plain sentence in the sender's language (`Accept-Language`).
 */
import { webmention as en } from "../../i18n/en/webmention.ts";
import { format } from "../../i18n/format.ts";
import type { Lang } from "../../i18n/paths.ts";
import { webmention as pt, type WebmentionStrings } from "../../i18n/pt/webmention.ts";
import type { Database } from "../db/client.server.ts";
import { acceptedLang } from "../form.server.ts";
import { isBlocked } from "../responses/responses.server.ts";
import { subjectAt } from "../responses/subject-lookup.server.ts";
import { queueReceived } from "./queue.server.ts";
import type { WebmentionRuntime } from "./runtime.server.ts";
import { comparable } from "./source-page.server.ts";

/** The endpoint's path, the same in both languages. */
export const WEBMENTION_PATH = "/webmention";
export const MAX_URL_LENGTH = 2048;

const strings: Record<Lang, WebmentionStrings> = { pt, en };

/** A plain-text answer that is never cached. */
function answer(status: number, text: string, headers: Record<string, string> = {}): Response {
  return new Response(`${text}\n`, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...headers },
  });
}

/**
 * The post a target address names: `/blog/{slug}` or `/en/blog/{slug}` on the site's own origin
 * (a trailing slash, a query or a fragment aside): a post of the database or a static article.
 */
export function targetPost(target: URL, publicUrl: string): { lang: Lang; slug: string } | undefined {
  if (target.origin !== new URL(publicUrl).origin) return undefined;
  const match = /^(\/en)?\/blog\/([^/]+)\/?$/.exec(target.pathname);
  if (!match?.[2]) return undefined;
  let slug: string;
  try {
    slug = decodeURIComponent(match[2]);
  } catch {
    return undefined;
  }
  return { lang: match[1] ? "en" : "pt", slug };
}

/** One field of the form, checked: present once, an http(s) URL, not too long. */
function urlField(
  form: URLSearchParams,
  field: "source" | "target",
  t: WebmentionStrings,
): { url: URL } | { refusal: string } {
  const values = form.getAll(field);
  const value = values[0]?.trim();
  if (values.length !== 1 || !value) return { refusal: t.missing };
  if (value.length > MAX_URL_LENGTH) return { refusal: format(t.tooLong, { field, max: MAX_URL_LENGTH }) };
  const url = URL.parse(value);
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:") || !url.hostname)
    return { refusal: format(t.notUrl, { field }) };
  return { url };
}

/** Answers a request to the endpoint. */
export async function receiveWebmention(
  request: Request,
  context: { db: Database; publicUrl: string; runtime: WebmentionRuntime },
): Promise<Response> {
  const lang = acceptedLang(request);
  const t = strings[lang];
  if (request.method !== "POST") return answer(405, t.onlyPost, { Allow: "POST" });
  const type = (request.headers.get("Content-Type") ?? "").toLowerCase();
  if (!type.startsWith("application/x-www-form-urlencoded")) return answer(415, t.unreadable);
  let form: URLSearchParams;
  try {
    form = new URLSearchParams(await request.text());
  } catch {
    return answer(400, t.unreadable);
  }
  const source = urlField(form, "source", t);
  if ("refusal" in source) return answer(400, source.refusal);
  const target = urlField(form, "target", t);
  if ("refusal" in target) return answer(400, target.refusal);
  if (comparable(source.url.href) === comparable(target.url.href)) return answer(400, t.same);
  const named = targetPost(target.url, context.publicUrl);
  // A post of the database or a static article, in the language of the address named (decision 080).
  const post = named && (await subjectAt(context.db, named.lang, named.slug));
  if (!post) return answer(400, t.notPost);
  const host = source.url.hostname;
  if (await isBlocked(context.db, { host })) return answer(403, t.blocked);
  const allowed = await context.runtime.limiter.consume(host);
  if (!allowed.allowed) {
    const seconds = Math.max(1, Math.ceil(allowed.retryAfterMs / 1000));
    return answer(429, format(t.tooMany, { host, seconds }), { "Retry-After": String(seconds) });
  }
  target.url.hash = "";
  await queueReceived(context.db, { source: source.url.href, target: target.url.href, subject: post.subject });
  context.runtime.worker?.wake();
  return answer(202, t.accepted);
}
