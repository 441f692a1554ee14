/**
 * Every request the site makes of other servers (the fediverse's documents
 * and deliveries, remote avatars, webmentions), bounded and guarded in one
 * place: http(s) only, no credentials in the address, every address the
 * host resolves to checked when the connection is made (so DNS cannot
 * answer one address to a check and another to the connection), IP
 * literals and `localhost` refused before any connection, redirects
 * followed one hop at a time and each hop checked, a time limit on the
 * whole exchange and a size limit on the body, read uncompressed.
 * `allowPrivate` is FEDERATION_ALLOW_PRIVATE (tests on loopback).
 */
import dns from "node:dns/promises";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { isPublicAddress, PrivateAddressError } from "./address-guard.server.ts";

export { PrivateAddressError };

export interface FetchLimits {
  /** The whole exchange, redirects included. */
  timeoutMs: number;
  /** The body read; a larger one is refused. */
  maxBytes: number;
  maxRedirects: number;
  allowPrivate: boolean;
  userAgent: string;
  /** Every address of a host name; Node's resolver unless a test gives its own. */
  resolve?: (hostname: string) => Promise<{ address: string; family: number }[]>;
}

export interface FetchedBytes {
  status: number;
  /** The URL answered, after redirects. */
  url: string;
  headers: IncomingHttpHeaders;
  /** Every `Link` header, in order. */
  links: string[];
  /** Empty when only the status was asked for (`statusOnly`). */
  bytes: Buffer;
}

export interface FetchedPage extends Omit<FetchedBytes, "bytes"> {
  body: string;
}

export interface RequestOptions {
  method?: "GET" | "POST";
  body?: string | Uint8Array;
  contentType?: string;
  accept?: string;
  /** Headers of each hop, made for its URL (a signature covers the address it is sent to). */
  headers?: (url: URL, method: "GET" | "POST") => Record<string, string> | Promise<Record<string, string>>;
  /** The caller's own abort, besides the time limit. */
  signal?: AbortSignal | undefined;
  /** Only the status and headers matter: the body is not read (an inbox's answer). */
  statusOnly?: boolean;
}

/** A request that could not be made or finished: refused address, time, size, too many redirects, a network error. */
export class FetchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FetchError";
  }
}

const resolveAll = (hostname: string) => dns.lookup(hostname, { all: true, verbatim: true });

/** DNS for a connection: every answer must be a public address (unless private ones are allowed). */
function guardedLookup(limits: FetchLimits): LookupFunction {
  const resolve = limits.resolve ?? resolveAll;
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (answers) => {
        const refused = limits.allowPrivate ? undefined : answers.find((answer) => !isPublicAddress(answer.address));
        if (refused) return callback(new PrivateAddressError(hostname, refused.address), "", 0);
        const first = answers[0];
        if (!first) return callback(new PrivateAddressError(hostname, "no address"), "", 0);
        if (options.all) return callback(null, answers as never);
        callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, "", 0),
    );
  };
}

/** Refuses a URL before any connection: not http(s), or an address written in it that is not public. */
function checkUrl(url: URL, allowPrivate: boolean): void {
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new FetchError(`${url.protocol} is not http or https`);
  if (url.username || url.password) throw new FetchError("an address with credentials is not fetched");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (allowPrivate) return;
  if (isIP(host) && !isPublicAddress(host)) throw new PrivateAddressError(url.href, host);
  if (host === "localhost" || host.endsWith(".localhost")) throw new PrivateAddressError(url.href, host);
}

interface OneRequest extends RequestOptions {
  method: "GET" | "POST";
  url: URL;
  hopHeaders: Record<string, string>;
}

/** Every `Link` header of an answer, in order. */
function linkHeaders(rawHeaders: string[]): string[] {
  const links: string[] = [];
  for (let index = 0; index + 1 < rawHeaders.length; index += 2)
    if (rawHeaders[index]?.toLowerCase() === "link") links.push(rawHeaders[index + 1] ?? "");
  return links;
}

/** One exchange, no redirect followed; the body read up to the limit. */
function exchange(one: OneRequest, limits: FetchLimits, signal: AbortSignal): Promise<Omit<FetchedBytes, "url">> {
  return new Promise((resolve, reject) => {
    const request = (one.url.protocol === "https:" ? httpsRequest : httpRequest)(
      one.url,
      {
        method: one.method,
        signal,
        // A connection of its own each time: a kept-alive socket made under other limits is never reused unchecked.
        agent: false,
        lookup: guardedLookup(limits),
        headers: {
          "User-Agent": limits.userAgent,
          "Accept-Encoding": "identity",
          ...(one.accept ? { Accept: one.accept } : {}),
          ...(one.body !== undefined
            ? { "Content-Type": one.contentType ?? "", "Content-Length": String(Buffer.byteLength(one.body)) }
            : {}),
          ...one.hopHeaders,
        },
      },
      (response) => {
        const answered = { status: response.statusCode ?? 0, headers: response.headers, links: [] as string[] };
        if (one.statusOnly) {
          response.destroy();
          resolve({ ...answered, bytes: Buffer.alloc(0) });
          return;
        }
        const declared = Number(response.headers["content-length"]);
        if (Number.isFinite(declared) && declared > limits.maxBytes) {
          response.destroy();
          reject(new FetchError(`the answer is ${declared} bytes, over the limit of ${limits.maxBytes}`));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > limits.maxBytes) {
            response.destroy();
            reject(new FetchError(`the answer passed the limit of ${limits.maxBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        response.on("error", (error) => reject(new FetchError(error.message)));
        // Once the body ended this does nothing; before, the connection was cut.
        response.on("close", () => reject(new FetchError("the connection closed before the answer ended")));
        response.on("end", () =>
          resolve({ ...answered, links: linkHeaders(response.rawHeaders), bytes: Buffer.concat(chunks) }),
        );
      },
    );
    request.on("error", (error) =>
      reject(
        error instanceof PrivateAddressError ? error : new FetchError(signal.aborted ? "timed out" : error.message),
      ),
    );
    if (one.body !== undefined) request.write(one.body);
    request.end();
  });
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * A GET that follows redirects (each hop checked), or a POST that does not; the body as bytes.
 * @throws FetchError or PrivateAddressError
 */
export async function requestBounded(
  first: string | URL,
  limits: FetchLimits,
  options: RequestOptions = {},
): Promise<FetchedBytes> {
  const timeout = AbortSignal.timeout(limits.timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  let url = first instanceof URL ? first : URL.parse(first);
  if (!url) throw new FetchError("not a URL");
  const method = options.method ?? "GET";
  for (let hop = 0; ; hop += 1) {
    checkUrl(url, limits.allowPrivate);
    let answer: Omit<FetchedBytes, "url">;
    try {
      const hopHeaders = (await options.headers?.(url, method)) ?? {};
      answer = await exchange({ ...options, method, url, hopHeaders }, limits, signal);
    } catch (error) {
      if (timeout.aborted) throw new FetchError(`no complete answer within ${limits.timeoutMs} ms`);
      if (options.signal?.aborted) throw new FetchError("aborted");
      throw error;
    }
    const location = answer.headers.location;
    if (method === "GET" && REDIRECTS.has(answer.status) && location) {
      if (hop >= limits.maxRedirects) throw new FetchError(`more than ${limits.maxRedirects} redirects`);
      const next = URL.parse(location, url);
      if (!next) throw new FetchError("a redirect to no URL");
      url = next;
      continue;
    }
    return { ...answer, url: url.href };
  }
}

/**
 * `requestBounded` with the body read as text (a page, a form's answer).
 * @throws FetchError or PrivateAddressError
 */
export async function fetchBounded(
  first: string | URL,
  limits: FetchLimits,
  options: Omit<RequestOptions, "statusOnly"> = {},
): Promise<FetchedPage> {
  const { bytes, ...answer } = await requestBounded(first, limits, options);
  return { ...answer, body: new TextDecoder().decode(bytes) };
}
