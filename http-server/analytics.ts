/**
 * Counts the audience as responses finish (app/server/analytics/): a public
 * page or its data a person asked for, a feed fetched, a broken link
 * followed. It runs before the static files and the page cache, so
 * prerendered and cached pages are counted too; what it does per request is
 * a look at the headers and, for a request that may count, one listener.
 * Nothing is written here: the recorder adds the counts to the database once
 * a second.
 */
import type { NextFunction, Request, Response } from "express";
import { countOf, requestToCount } from "../app/server/analytics/classify.server.ts";
import type { AudienceRecorder } from "../app/server/analytics/recorder.server.ts";

export function countAudience(recorder: () => AudienceRecorder | undefined, publicUrl: string) {
  const publicHost = new URL(publicUrl).hostname;
  return (req: Request, res: Response, next: NextFunction) => {
    const audience = recorder();
    if (!audience) return next();
    const query = req.originalUrl.indexOf("?");
    const request = requestToCount({
      method: req.method,
      path: req.path,
      search: query === -1 ? "" : req.originalUrl.slice(query),
      header: (name) => req.get(name),
      // Asked only of a request that counts, and of one with a referrer: each applies TRUST_PROXY's rule again.
      ip: () => req.ip ?? "",
      ownHosts: () => [publicHost, req.hostname],
    });
    if (request) {
      res.once("finish", () => {
        const type = res.getHeader("content-type");
        const counted = countOf(request, res.statusCode, typeof type === "string" ? type : undefined);
        if (counted) audience.record(counted);
      });
    }
    next();
  };
}
