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
import { countOf, requestToCount, SecondMemo } from "../app/server/analytics/classify.server.ts";
import type { AudienceRecorder } from "../app/server/analytics/recorder.server.ts";

const MAX_REMEMBERED_CHAIN = 200;

/**
 * The client's address as the rate limits see it (`req.ip`, through TRUST_PROXY), remembered for a second
 * per connection address and X-Forwarded-For, the only inputs of Express's rule: applying the rule (parsing
 * every address of the chain) was a third of what counting cost a page.
 */
function clientAddresses() {
  const addresses = new SecondMemo<string>(1000);
  return (req: Request) => {
    const forwarded = req.headers["x-forwarded-for"] ?? "";
    // A chain longer than a few proxies is worked out each time rather than held.
    if (forwarded.length > MAX_REMEMBERED_CHAIN) return req.ip ?? "";
    return addresses.get(`${req.socket.remoteAddress}\n${forwarded}`, () => req.ip ?? "");
  };
}

export function countAudience(recorder: () => AudienceRecorder | undefined, publicUrl: string) {
  const publicHost = new URL(publicUrl).hostname;
  const clientAddress = clientAddresses();
  return (req: Request, res: Response, next: NextFunction) => {
    const audience = recorder();
    if (!audience) return next();
    const query = req.originalUrl.indexOf("?");
    const request = requestToCount({
      method: req.method,
      path: req.path,
      search: query === -1 ? "" : req.originalUrl.slice(query),
      header: (name) => req.get(name),
      // Asked only of a request that counts, and of one with a referrer.
      ip: () => clientAddress(req),
      ownHosts: () => [publicHost, req.hostname],
    });
    if (request) {
      res.on("finish", () => {
        const type = res.getHeader("content-type");
        const counted = countOf(request, res.statusCode, typeof type === "string" ? type : undefined);
        if (counted) audience.record(counted);
      });
    }
    next();
  };
}
