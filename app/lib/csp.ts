/**
 * The Content-Security-Policy of every page. Scripts run only from our own
 * origin or when an inline script is allowed by a per-response nonce
 * (server-rendered pages) or by the SHA-256 of its text (prerendered files).
 * Kept free of imports: the Node server loads it directly.
 */
export function contentSecurityPolicy(scriptSources: readonly string[], formTargets: readonly string[] = []): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptSources.join(" ")}`.trim(),
    // Style attributes and the toast library's injected sheet need inline styles;
    // styles cannot run code, so this stays a low-risk allowance.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    // The Login form's response redirects to GitHub, and browsers apply form-action to that redirect too.
    `form-action 'self' ${formTargets.join(" ")}`.trim(),
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
  "Cross-Origin-Opener-Policy": "same-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), interest-cohort=()",
};
