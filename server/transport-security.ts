/**
 * HTTPS for a site published at an https PUBLIC_URL. Every response then
 * carries Strict-Transport-Security (a year; subdomains are not included, as
 * they may be other sites), so a browser that has visited once never asks
 * over plain HTTP again. With FORCE_HTTPS, a request that arrived over plain
 * HTTP is redirected to the same path at PUBLIC_URL: 301 for GET and HEAD,
 * 308 (method and body kept) for the rest. The scheme comes from the
 * connection, or from X-Forwarded-Proto when a proxy on the same host
 * (loopback, `trust proxy`) forwards it. Health and readiness
 * answer before this (server/observability.ts), so a load balancer's plain
 * HTTP probes keep working. See docs/decisions/020-hardening.md.
 */
import type { NextFunction, Request, Response } from "express";

export const STRICT_TRANSPORT_SECURITY = "max-age=31536000";

export function transportSecurity({ publicUrl, forceHttps }: { publicUrl: string; forceHttps: boolean }) {
  const url = new URL(publicUrl);
  const https = url.protocol === "https:";
  return (req: Request, res: Response, next: NextFunction) => {
    if (https) res.setHeader("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY);
    if (forceHttps && https && !req.secure) {
      const status = req.method === "GET" || req.method === "HEAD" ? 301 : 308;
      res.redirect(status, `${url.origin}${req.originalUrl}`);
      return;
    }
    next();
  };
}
