/**
 * React Router's data requests. A client-side navigation, a fetcher and the
 * prerenderer ask for a page's loader data at the page's path with `.data`
 * added (`/en/about.data`), or with `_.data` after a trailing slash (`/_.data`
 * for the home page, `/blog/_.data` for `/blog/`), and get it as turbo-stream.
 * Every place that must tell such a request from its page (the language of a
 * path, the page cache, the request guard, the flood limits, the metrics'
 * labels) asks here, and tests/unit/react-router-contract.test.ts holds these
 * rules to React Router's own answers.
 */

/** The suffix of a data request's path. */
export const DATA_SUFFIX = ".data";

/** What a trailing slash's data request ends with. */
const AFTER_SLASH = `_${DATA_SUFFIX}`;

/** The media type React Router answers data requests with (and prerendered `.data` files are served with). */
export const DATA_CONTENT_TYPE = "text/x-script";

/**
 * Whether a path asks for loader data rather than a page.
 * @example isDataRequest("/en/about.data") // true
 */
export function isDataRequest(path: string): boolean {
  return path.endsWith(DATA_SUFFIX);
}

/**
 * The path of the page a data request is for; any other path as it is.
 * @example pagePathOf("/en/about.data") // "/en/about"
 * @example pagePathOf("/_.data") // "/"
 */
export function pagePathOf(path: string): string {
  if (path.endsWith(`/${AFTER_SLASH}`)) return path.slice(0, -AFTER_SLASH.length);
  return isDataRequest(path) ? path.slice(0, -DATA_SUFFIX.length) : path;
}

/**
 * The data request of a page, as React Router's client makes it.
 * @example dataPathOf("/admin/blog") // "/admin/blog.data"
 */
export function dataPathOf(pagePath: string): string {
  return pagePath.endsWith("/") ? `${pagePath}${AFTER_SLASH}` : `${pagePath}${DATA_SUFFIX}`;
}
