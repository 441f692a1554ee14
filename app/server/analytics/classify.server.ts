/**
 * Which requests the audience counts, decided from the request alone, before
 * it is answered (`requestToCount`), then from its answer (`countOf`). A page
 * view is a person's GET of a public page or of its loader data (a
 * client-side navigation); a bot, a prefetch, HEAD, an asset, the admin and
 * a request no browser sends are not. Nothing kept names a reader: the
 * referrer is reduced to its host, the user agent to a device class, and the
 * address and agent only feed the day's visitor hash (recorder.server.ts).
 */
import { createHash } from "node:crypto";
import { isbot } from "isbot";
import { type Lang, langFromPath } from "../../i18n/paths.ts";
import { readCookie } from "../../lib/auth-cookies.ts";
import { DATA_CONTENT_TYPE, isDataRequest, pagePathOf } from "../../lib/data-request.ts";
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from "../auth/cookies.server.ts";

export type Device = "phone" | "tablet" | "desktop";

/** The longest path, referrer host and source kept; longer ones are cut. */
export const MAX_PATH = 200;
const MAX_HOST = 100;
const MAX_SOURCE = 40;
/** A user agent longer than this is no browser's. */
const MAX_USER_AGENT = 1000;
/** The part of the user agent that goes into the visitor hash. */
const HASHED_USER_AGENT = 512;

/** The feeds, whose readers are counted apart. */
const FEEDS = new Set(["/rss.xml", "/en/rss.xml"]);

/**
 * Paths that are not public pages: the admin, sign-in, pages opened from a mail's personal link, and a shared
 * draft, whose address is its secret (`/blog/preview/{token}`): counted, or listed as a broken link, its token
 * would be shown to every author on the Audience page (migration 0010 removed what was counted before). Matched
 * without regard to case, as the routes are.
 */
const NOT_PAGES =
  /^(?:\/en)?\/(?:admin|newsletter\/confirm|newsletter\/unsubscribe|blog\/preview)(?:[/.]|$)|^\/auth\//i;

/** What `requestToCount` needs of a request. */
export interface RequestFacts {
  method: string;
  /** The path as requested, without the query. */
  path: string;
  /** The query string, with its `?` or empty. */
  search: string;
  header(name: string): string | undefined;
  /** The client's address as the rate limits see it (through TRUST_PROXY); asked only of a request that counts. */
  ip: () => string;
  /** The hosts that are this site (its public URL's, and the one the request named); asked only when there is a referrer. */
  ownHosts: () => readonly string[];
}

/** A request that may count, once its answer is known. */
export interface RequestToCount {
  /** The page's path (a data request's page), at most MAX_PATH characters. */
  path: string;
  lang: Lang;
  /** A request for loader data: a client-side navigation. */
  data: boolean;
  /** A request that a browser made to show a document (not a fetch or a sub-resource). */
  document: boolean;
  /** A referrer's host, `utm:{source}`, empty for none, or null for a link within the site. */
  source: string | null;
  device: Device;
  /** What the day's visitor hash is made of (address and user agent); null with Global Privacy Control. */
  visitor: string | null;
  /** The SHA-256 of a session cookie, if the request carries one: the author's own visits are not counted. */
  session: string | null;
  /** A feed reader's name and reported subscribers, for a feed. */
  feed: { reader: string; subscribers: number } | null | undefined;
}

/** What a request turned out to be, once answered. */
export type Counted =
  | { kind: "page"; request: RequestToCount }
  | { kind: "not-found"; request: RequestToCount }
  | { kind: "feed"; request: RequestToCount };

/**
 * The device class of a user agent.
 * @example deviceOf("Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) … Mobile/15E148") // "phone"
 */
export function deviceOf(userAgent: string, mobileHint?: string): Device {
  return withMobileHint(agentDevice(userAgent), mobileHint);
}

/** A browser that says it is on a phone (`Sec-CH-UA-Mobile: ?1`) without a phone's user agent is one. */
function withMobileHint(device: Device, mobileHint: string | undefined): Device {
  return device === "desktop" && mobileHint === "?1" ? "phone" : device;
}

function agentDevice(userAgent: string): Device {
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Nexus (?:7|9|10)/i.test(userAgent)) return "tablet";
  if (/Android/i.test(userAgent) && !/Mobile/i.test(userAgent)) return "tablet";
  if (/Mobi|iPhone|iPod|Windows Phone|Opera Mini/i.test(userAgent)) return "phone";
  return "desktop";
}

/**
 * Answers remembered for the second they were worked out in: under load most
 * requests come from a few browsers and addresses, and the same answer is
 * worked out again and again. Everything is forgotten when the second ends
 * (or when `limit` answers are held), so nothing about a reader stays longer
 * than the recorder keeps it.
 */
export class SecondMemo<V> {
  #second = 0;
  readonly #answers = new Map<string, V>();
  readonly #limit: number;

  constructor(limit: number) {
    this.#limit = limit;
  }

  get(key: string, work: (key: string) => V): V {
    const second = Math.floor(Date.now() / 1000);
    if (second !== this.#second || this.#answers.size >= this.#limit) {
      this.#second = second;
      this.#answers.clear();
    }
    let answer = this.#answers.get(key);
    if (answer === undefined) {
      answer = work(key);
      this.#answers.set(key, answer);
    }
    return answer;
  }
}

/** What a user agent is, a bot or a browser on a device: `isbot`'s pattern is the dearest part of deciding (about 3 microseconds). */
const agents = new SecondMemo<Device | "bot">(1000);
const agentVerdict = (userAgent: string) =>
  agents.get(userAgent, (agent) => (isbot(agent) ? "bot" : agentDevice(agent)));

/**
 * Where a view came from: `utm_source` when the link carries one, else the
 * referrer's host without `www.`; empty for none; null for a page of this site.
 * @example sourceOf("https://www.google.com/search?q=x", null, ["rafaelwerneck.dev"]) // "google.com"
 */
export function sourceOf(referrer: string | undefined, utmSource: string | null, ownHosts: readonly string[]) {
  if (utmSource) {
    const source = utmSource
      .toLowerCase()
      .replace(/[^a-z0-9._-]+/g, "-")
      .slice(0, MAX_SOURCE);
    if (/[a-z0-9]/.test(source)) return `utm:${source}`;
  }
  if (!referrer) return "";
  let host: string;
  try {
    const url = new URL(referrer);
    if (url.protocol !== "https:" && url.protocol !== "http:") return "";
    host = url.hostname.toLowerCase();
  } catch {
    return "";
  }
  if (ownHosts.includes(host)) return null;
  host = host.replace(/^www\./, "");
  if (host.length > MAX_HOST || !/^[a-z0-9.-]+$|^\[[0-9a-f:.]+\]$/.test(host)) return "";
  return host;
}

/**
 * A feed reader's name and subscriber count, when its user agent reports one.
 * @example feedReaderOf("Feedly/1.0 (+http://www.feedly.com/fetcher.html; 131 subscribers; like FeedFetcher-Google)")
 * // { reader: "Feedly", subscribers: 131 }
 */
export function feedReaderOf(userAgent: string): { reader: string; subscribers: number } | null {
  const match = /(\d{1,9})\s+(?:subscribers|readers)\b/i.exec(userAgent);
  if (!match?.[1]) return null;
  // The product's name: what comes before its version, its comment or a dash.
  const name = userAgent.split(/[/;(]| - /)[0]?.trim() ?? "";
  const reader = /^[A-Za-z][A-Za-z0-9 ._-]{0,39}/.exec(name)?.[0]?.trim();
  if (!reader) return null;
  return { reader, subscribers: Number(match[1]) };
}

/** The `utm_source` of a query string, if it has one (most have none, and are not parsed). */
function utmSourceOf(search: string): string | null {
  return search.includes("utm_source=") ? new URLSearchParams(search).get("utm_source") : null;
}

/** A prefetch or prerender the browser made ahead of a visit that may never happen. */
function speculative(header: RequestFacts["header"]): boolean {
  const purpose = `${header("sec-purpose") ?? ""} ${header("purpose") ?? ""} ${header("x-purpose") ?? ""} ${header("x-moz") ?? ""}`;
  return /prefetch|prerender|preview/i.test(purpose);
}

/** The hash of a session cookie's token (the sessions table's id), or null without one. */
function sessionOf(cookie: string | undefined): string | null {
  const token = readCookie(cookie, SECURE_SESSION_COOKIE) ?? readCookie(cookie, SESSION_COOKIE);
  return token ? createHash("sha256").update(token).digest("hex") : null;
}

/**
 * The request, if its answer may be counted: a GET, by a browser, for
 * something other than an asset or the admin, and not speculative.
 */
export function requestToCount(request: RequestFacts): RequestToCount | null {
  if (request.method !== "GET") return null;
  const { header } = request;
  const data = isDataRequest(request.path);
  const path = pagePathOf(request.path);
  const isFeed = FEEDS.has(path) && !data;
  // Files (scripts, images, robots.txt…) are not pages; a page's address has no extension.
  if (!isFeed && !data && /\.[a-z0-9]{1,8}$/i.test(path)) return null;
  if (NOT_PAGES.test(path)) return null;
  const userAgent = header("user-agent") ?? "";
  if (userAgent.length === 0 || userAgent.length > MAX_USER_AGENT) return null;
  if (isFeed) {
    return {
      path,
      lang: langFromPath(path),
      data: false,
      document: false,
      source: null,
      device: "desktop",
      visitor: null,
      session: null,
      feed: feedReaderOf(userAgent),
    };
  }
  const agent = agentVerdict(userAgent);
  if (agent === "bot" || speculative(header)) return null;
  const dest = header("sec-fetch-dest");
  // A page is shown as a document; its data is fetched. Anything else (an image, a script, a frame) is not a view.
  if (dest !== undefined && dest !== (data ? "empty" : "document")) return null;
  const gpc = header("sec-gpc") === "1";
  const referrer = header("referer");
  const utmSource = utmSourceOf(request.search);
  return {
    path: path.slice(0, MAX_PATH),
    lang: langFromPath(path),
    data,
    document: !data,
    // The site's own hosts are asked for only when there is a referrer to compare with them.
    source: referrer || utmSource ? sourceOf(referrer, utmSource, request.ownHosts()) : "",
    device: withMobileHint(agent, header("sec-ch-ua-mobile")),
    visitor: gpc ? null : `${request.ip()}\n${userAgent.slice(0, HASHED_USER_AGENT)}`,
    session: sessionOf(header("cookie")),
    feed: undefined,
  };
}

/**
 * What an answered request counts as: a page view (200 or 304 with a page or
 * its data), a feed fetch, a broken link (a document that answered 404), or
 * nothing.
 */
export function countOf(request: RequestToCount, status: number, contentType: string | undefined): Counted | null {
  if (request.feed !== undefined) return status === 200 || status === 304 ? { kind: "feed", request } : null;
  if (status === 404) return request.document ? { kind: "not-found", request } : null;
  if (status !== 200 && status !== 304) return null;
  // A 304 carries no type: the browser revalidated what it had, and shows it again.
  if (status === 304) return { kind: "page", request };
  const type = contentType ?? "";
  if (request.data ? type.startsWith(DATA_CONTENT_TYPE) : type.startsWith("text/html"))
    return { kind: "page", request };
  return null;
}
