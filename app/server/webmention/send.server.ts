/**
 * Sending one webmention (W3C Webmention, section 3.1): the target page is fetched
 * (redirects followed), its endpoint discovered, and `source` and `target`
 * posted to it as a form. What happened decides what the queue does next:
 * sent, nothing to send to (no endpoint), refused for good (a 4xx), or worth
 * another try later (a 5xx, a 429, a network failure or a time limit).
 */

import { FetchError, type FetchLimits, fetchBounded } from "../net/guarded-fetch.server.ts";
import { discoverEndpoint } from "./discover.server.ts";

export type SendOutcome =
  | { kind: "sent"; endpoint: string; status: number }
  | { kind: "no-endpoint"; status: number }
  | { kind: "refused"; endpoint?: string; status: number; reason: string }
  | { kind: "retry"; endpoint?: string; status?: number; reason: string };

/** Only HTML is read for `<link>` and `<a>`; any page's headers are. */
const isHtml = (type: string | undefined) => /^\s*(text\/html|application\/xhtml\+xml)/i.test(type ?? "");

/** A status worth trying again later: the server's trouble, or a request to slow down. */
const retryable = (status: number) => status >= 500 || status === 429 || status === 408;

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The endpoint the target advertises, or why there is none to reach now. */
export async function findEndpoint(
  target: string,
  limits: FetchLimits,
): Promise<{ endpoint: string } | Exclude<SendOutcome, { kind: "sent" }>> {
  let page: Awaited<ReturnType<typeof fetchBounded>>;
  try {
    page = await fetchBounded(target, limits, { accept: "text/html, application/xhtml+xml;q=0.9, */*;q=0.1" });
  } catch (error) {
    // An address the site may not reach never becomes one it may: given up at once.
    if (!(error instanceof FetchError)) return { kind: "refused", status: 0, reason: errorText(error) };
    return { kind: "retry", reason: errorText(error) };
  }
  if (retryable(page.status)) return { kind: "retry", status: page.status, reason: `the page answered ${page.status}` };
  const endpoint = discoverEndpoint(page.url, page.links, isHtml(page.headers["content-type"]) ? page.body : "");
  if (!endpoint) return { kind: "no-endpoint", status: page.status };
  return { endpoint };
}

/**
 * Sends `source`'s mention of `target`.
 * @example await sendWebmention("https://site/blog/a", "https://other.example/post", limits) // { kind: "sent", … }
 */
export async function sendWebmention(source: string, target: string, limits: FetchLimits): Promise<SendOutcome> {
  const found = await findEndpoint(target, limits);
  if (!("endpoint" in found)) return found;
  const { endpoint } = found;
  let answer: Awaited<ReturnType<typeof fetchBounded>>;
  try {
    answer = await fetchBounded(endpoint, limits, {
      method: "POST",
      body: new URLSearchParams({ source, target }).toString(),
      contentType: "application/x-www-form-urlencoded",
    });
  } catch (error) {
    if (!(error instanceof FetchError)) return { kind: "refused", endpoint, status: 0, reason: errorText(error) };
    return { kind: "retry", endpoint, reason: errorText(error) };
  }
  if (answer.status >= 200 && answer.status < 300) return { kind: "sent", endpoint, status: answer.status };
  const reason = `the endpoint answered ${answer.status}`;
  if (retryable(answer.status)) return { kind: "retry", endpoint, status: answer.status, reason };
  return { kind: "refused", endpoint, status: answer.status, reason };
}
