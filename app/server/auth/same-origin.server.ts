/**
 * The cross-site request forgery check of every state-changing request, on
 * top of SameSite cookies: the browser must say the request comes from our
 * own origin. Browsers send `Sec-Fetch-Site` (modern) or at least `Origin`
 * on every POST; a request carrying neither is not from a page of ours.
 */
export interface OriginHeaders {
  method: string;
  origin: string | undefined;
  secFetchSite: string | undefined;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Whether the request may change state.
 * @example isSameOriginRequest({ method: "POST", origin: "https://a.dev", secFetchSite: undefined }, ["https://a.dev"]) // true
 */
export function isSameOriginRequest(request: OriginHeaders, allowedOrigins: readonly string[]): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return true;
  if (request.secFetchSite !== undefined && request.secFetchSite !== "same-origin") return false;
  if (request.origin === undefined) return request.secFetchSite === "same-origin";
  return allowedOrigins.includes(request.origin);
}
