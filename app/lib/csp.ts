/**
 * The Content-Security-Policy of every page. Nothing is allowed unless named
 * (`default-src 'none'`). Scripts run only from our own origin or when an
 * inline script is allowed by a per-response nonce (server-rendered pages) or
 * by the SHA-256 of its text (prerendered files); styles come from our own
 * stylesheets, or from an inline `<style>` allowed by its SHA-256. No page
 * renders a `style` attribute: React's style props set styles through the
 * CSSOM in the browser, which CSP does not restrict, and are kept out of
 * server-rendered markup. See docs/decisions/026-https-and-a-strict-csp.md.
 * Kept free of imports: the Node server loads it directly.
 */
export interface PolicySources {
  /** Nonce or hash sources of the page's inline scripts. */
  scripts: readonly string[];
  /** Hash sources of the page's inline `<style>` elements. */
  styles?: readonly string[];
  /** Origins forms may post to beside our own (the sign-in form's redirect to GitHub). */
  formTargets?: readonly string[];
  /**
   * The Vite development server injects every stylesheet as a `<style>`
   * element: development allows inline styles, production never does.
   */
  development?: boolean;
}

export function contentSecurityPolicy({ scripts, styles = [], formTargets = [], development }: PolicySources): string {
  const sources = (directive: string, list: readonly string[]) => [directive, ...list].join(" ");
  return [
    "default-src 'none'",
    sources("script-src 'self'", scripts),
    sources("style-src 'self'", development ? ["'unsafe-inline'"] : styles),
    // `data:` for the site icon inside the page, `blob:` for the admin's previews of chosen images.
    "img-src 'self' data: blob:",
    "font-src 'self'",
    // React Router's loader data and route discovery, and the admin's requests.
    "connect-src 'self'",
    "manifest-src 'self'",
    // The Login form's response redirects to GitHub, and browsers apply form-action to that redirect too.
    sources("form-action 'self'", formTargets),
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join("; ");
}

/** Headers sent with every response, whatever serves it. */
export const securityHeaders: Readonly<Record<string, string>> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
};

/** Where the signed-in author works: the admin screens and their endpoints, and the sign-in flow. */
const AUTHOR_PREFIXES = ["/admin", "/en/admin", "/auth"];

/**
 * Cross-Origin-Opener-Policy of a response: `same-origin` where the author
 * works signed in (no window of another site keeps a handle on the admin or
 * the sign-in flow), none on the public pages, which are the same for every
 * visitor and hold nothing a handle could reach. A document with the header
 * is put in a browsing context group, hence a renderer process, of its own:
 * on a phone, the first paint's work then runs in a process that has done
 * none before, which alone put the public pages over 50 ms of blocking time
 * (docs/decisions/033-no-opener-policy-on-public-pages.md).
 */
export function crossOriginOpenerPolicy(path: string): "same-origin" | undefined {
  return AUTHOR_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`)) ? "same-origin" : undefined;
}

/**
 * Paths of the images made to be shown on other sites: link previews
 * (`/og/…` of the build, `/uploads/og-images/…`) and the covers and images
 * of posts (`/uploads/…`), which feed readers show inside entries.
 */
const SHARED_IMAGE_PREFIXES = ["/og/", "/uploads/"];

/**
 * Cross-Origin-Resource-Policy of a response: `same-origin` (no other site
 * may embed it without CORS), but `cross-origin` for the images other sites
 * are meant to show. It binds browsers only; crawlers that fetch link
 * previews ignore it.
 */
export function crossOriginResourcePolicy(path: string): "same-origin" | "cross-origin" {
  return SHARED_IMAGE_PREFIXES.some((prefix) => path.startsWith(prefix)) ? "cross-origin" : "same-origin";
}
