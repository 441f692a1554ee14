/**
 * HTTPS for a site published at an https PUBLIC_URL. Every response then
 * carries Strict-Transport-Security for a year with includeSubDomains (and
 * `preload` when the owner asks for it, HSTS_PRELOAD), so a browser that has
 * visited once never asks this host or its subdomains over plain HTTP again.
 * With FORCE_HTTPS, a request that arrived over plain HTTP is redirected to
 * the same path at PUBLIC_URL: 301 for GET and HEAD, 308 (method and body
 * kept) for the rest. The scheme comes from the connection, or from
 * X-Forwarded-Proto when a trusted proxy (TRUST_PROXY, `trust proxy`)
 * forwards it. Health and readiness answer before this
 * (http-server/observability.ts), so a load balancer's plain HTTP probes keep
 * working. See docs/decisions/020-hardening.md and
 * docs/decisions/026-https-and-a-strict-csp.md.
 */
import type { NextFunction, Request, Response } from "express";
import { crossOriginOpenerPolicy, crossOriginResourcePolicy, securityHeaders } from "../app/lib/csp.ts";
import type { TrustProxy } from "../config/config.ts";

const securityHeaderList = Object.entries(securityHeaders);

/**
 * The headers every response carries, whatever answers it: the security
 * headers of app/lib/csp.ts, its Cross-Origin-Resource-Policy (same-origin
 * but for the images other sites show) and, where the author works, its
 * Cross-Origin-Opener-Policy.
 */
export function baseHeaders(req: Request, res: Response, next: NextFunction) {
  for (const [name, value] of securityHeaderList) res.setHeader(name, value);
  res.setHeader("Cross-Origin-Resource-Policy", crossOriginResourcePolicy(req.path));
  const openerPolicy = crossOriginOpenerPolicy(req.path);
  if (openerPolicy) res.setHeader("Cross-Origin-Opener-Policy", openerPolicy);
  next();
}

const baseHeaderNames = new Set(securityHeaderList.map(([name]) => name.toLowerCase()));

/**
 * A page's own value of one of those headers (a shared draft sends no
 * referrer) replaces the site's default instead of going out beside it: the
 * page renderer appends each header of its answer.
 */
export function pageHeadersReplaceBase(_req: Request, res: Response, next: NextFunction) {
  const append = res.append.bind(res);
  res.append = (field: string, value?: string | string[]) => {
    if (baseHeaderNames.has(field.toLowerCase())) res.removeHeader(field);
    return append(field, value);
  };
  next();
}

/** TRUST_PROXY as Express's `trust proxy` setting takes it (a mutable list). */
export function trustProxySetting(trustProxy: TrustProxy): string[] | number | false {
  return typeof trustProxy === "object" ? [...trustProxy] : trustProxy;
}

/** A year, the least the HSTS preload list accepts, for this host and every subdomain. */
export const STRICT_TRANSPORT_SECURITY = "max-age=31536000; includeSubDomains";

/** The Strict-Transport-Security value, with `preload` when the owner opts in. */
export function strictTransportSecurity(preload: boolean): string {
  return preload ? `${STRICT_TRANSPORT_SECURITY}; preload` : STRICT_TRANSPORT_SECURITY;
}

export function transportSecurity({
  publicUrl,
  forceHttps,
  hstsPreload = false,
}: {
  publicUrl: string;
  forceHttps: boolean;
  hstsPreload?: boolean;
}) {
  const url = new URL(publicUrl);
  const https = url.protocol === "https:";
  const hsts = strictTransportSecurity(hstsPreload);
  return (req: Request, res: Response, next: NextFunction) => {
    if (https) res.setHeader("Strict-Transport-Security", hsts);
    if (forceHttps && https && !req.secure) {
      const status = req.method === "GET" || req.method === "HEAD" ? 301 : 308;
      res.redirect(status, `${url.origin}${req.originalUrl}`);
      return;
    }
    next();
  };
}
