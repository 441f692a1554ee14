/**
 * Serves stored objects at `/uploads/{key}`, whichever driver holds them:
 * the key is checked before any lookup, the body comes from the driver, and
 * every answer carries the same headers. Keys are random or versioned and
 * never rewritten, so objects are cached for good.
 */
import type { NextFunction, Request, Response } from "express";
import { isSafeKey, type ObjectStorage } from "../app/server/uploads/storage.server.ts";
import { labelRoute } from "./route-label.ts";

/** The metrics label of every stored object (decision 028). */
export const UPLOADS_LABEL = "/uploads/*";

export const UPLOAD_CACHE_CONTROL = "public, max-age=31536000, immutable";

/** Whether an If-None-Match header names the ETag (weak comparison, as for GET). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || bare(tag) === bare(etag));
}

/** Middleware mounted at `/uploads`; `storage` is read per request (the server's services). */
export function serveUploads(storage: () => ObjectStorage) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    labelRoute(res, UPLOADS_LABEL);
    let key: string;
    try {
      key = decodeURIComponent(req.path.replace(/^\/+/, ""));
    } catch {
      key = "";
    }
    const notFound = () => {
      res.status(404).set("Cache-Control", "no-cache").type("text/plain").send("Not Found");
    };
    if (!isSafeKey(key)) return notFound();
    try {
      const object = await storage().read(key);
      if (!object) return notFound();
      res.set({
        "Cache-Control": UPLOAD_CACHE_CONTROL,
        "Content-Type": object.contentType,
        ETag: object.etag,
        "Last-Modified": object.modifiedAt.toUTCString(),
      });
      if (matches(req.get("if-none-match"), object.etag)) {
        res.status(304).end();
        return;
      }
      res.set("Content-Length", String(object.size));
      if (req.method === "HEAD") {
        res.status(200).end();
        return;
      }
      res.status(200).end(Buffer.from(object.data.buffer, object.data.byteOffset, object.data.byteLength));
    } catch (error) {
      next(error);
    }
  };
}
