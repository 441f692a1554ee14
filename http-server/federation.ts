/**
 * The fediverse's doorway (decision 063): Fedify's `federation.fetch()`
 * mounted in Express 5, ahead of every body parser, the cache and React
 * Router. It answers WebFinger, NodeInfo, the actors, their collections and
 * inboxes, and a post's address asked for ActivityPub (an Article, or 410
 * with a Tombstone once its Delete went out); everything else goes on to the
 * site. An inbox's request is refused before Fedify reads it when its body
 * is over 256 KB (413), not JSON (415 or 400), from a blocked account or
 * instance (403), over its instance's rate (429), or about a post the site
 * does not have (404); and after Fedify verified it, when its listener
 * refuses it (a reply whose object cannot be fetched: 422; a follow of no
 * account: 404). With `FEDERATION=off` this is not mounted at all.
 */
import type { NextFunction, Request, Response } from "express";
import type { Database } from "../app/server/db/client.server.ts";
import { deletedObject } from "../app/server/fediverse/federated-posts.server.ts";
import { FEDIVERSE_PREFIX, langOfIdentifier, postAddress, postUrl } from "../app/server/fediverse/handles.server.ts";
import { approvedReplyIds } from "../app/server/fediverse/replies.server.ts";
import type { InboxOutcome, SiteFederation } from "../app/server/fediverse/types.server.ts";
import { isBlocked } from "../app/server/responses/responses.server.ts";
import { subjectOfPost, subjectOfRow } from "../app/server/responses/subject.server.ts";
import { TokenBuckets } from "./token-buckets.ts";

/** An inbox's body larger than this is refused unread. */
export const INBOX_BODY_LIMIT = 256 * 1024;

const ACTIVITY_TYPES = /^application\/(?:activity\+json|ld\+json)\b/i;

/** Whether an Accept header asks for ActivityPub rather than a page (the first of them that it names). */
export function wantsActivityPub(accept: string | undefined): boolean {
  if (!accept) return false;
  for (const part of accept.split(",")) {
    const type = part.split(";")[0]?.trim().toLowerCase() ?? "";
    if (type === "application/activity+json") return !/;\s*q=0(?:\.0*)?\s*(?:;|$)/.test(part);
    if (type === "application/ld+json") return /profile\s*=\s*"?https:\/\/www\.w3\.org\/ns\/activitystreams/.test(part);
    if (type === "text/html" || type === "application/xhtml+xml") return false;
  }
  return false;
}

/**
 * With FEDERATION=off: every fediverse address answers 404, whatever the
 * method (a POST would otherwise meet the same-origin check's 403 first).
 */
export function federationOff() {
  return (req: Request, res: Response, next: NextFunction) => {
    const path = req.path;
    if (path === FEDIVERSE_PREFIX || path.startsWith(`${FEDIVERSE_PREFIX}/`) || FEDIFY_PATHS.test(path))
      return refuse(res, 404, "Not Found");
    next();
  };
}

const FEDIFY_PATHS = /^(?:\/\.well-known\/(?:webfinger|nodeinfo)|\/nodeinfo\/2\.1)$/;

export interface FederationDoorOptions {
  /** The site's federation, made on first use (decision 095); undefined while the server has none. */
  federation: () => (() => Promise<SiteFederation>) | undefined;
  db: () => Database | undefined;
  origin: string;
  /** Activities an instance may send at once, and per second after that. */
  instanceBurst?: number;
  instancePerSecond?: number;
}

/** The host that signed a request (its key's), from either signature header. */
function signerHost(req: Request): string | undefined {
  const header = `${req.get("signature") ?? ""} ${req.get("signature-input") ?? ""}`;
  const keyId = /keyid="([^"]+)"/i.exec(header)?.[1];
  if (!keyId) return undefined;
  try {
    return new URL(keyId).host;
  } catch {
    return undefined;
  }
}

const refuse = (res: Response, status: number, message: string) => {
  res.status(status).type("text/plain").send(message);
};

/** Reads a body up to `limit` bytes; undefined when it goes over. */
async function readBody(req: Request, limit: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += buffer.length;
    if (size > limit) return undefined;
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

function toFetchRequest(req: Request, body?: Buffer): globalThis.Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  const url = `${req.protocol}://${req.get("host") ?? "localhost"}${req.originalUrl}`;
  return new Request(url, {
    method: req.method,
    headers,
    ...(body && req.method !== "GET" && req.method !== "HEAD" ? { body: new Uint8Array(body) } : {}),
  });
}

async function sendFetchResponse(res: Response, response: globalThis.Response, vary?: string) {
  res.status(response.status);
  response.headers.forEach((value, name) => {
    if (name !== "content-length" && name !== "transfer-encoding") res.setHeader(name, value);
  });
  if (vary) res.setHeader("Vary", vary);
  res.end(Buffer.from(await response.arrayBuffer()));
}

const isInboxPath = (path: string) => path === `${FEDIVERSE_PREFIX}/inbox` || /^\/fediverse\/[^/]+\/inbox$/.test(path);

/** The post an activity is about, when it names one of this site's addresses: Like, Announce, a reply's Create. */
function targetOf(activity: Record<string, unknown>): string | undefined {
  const object = activity.object;
  if (activity.type === "Like" || activity.type === "Announce") return typeof object === "string" ? object : undefined;
  if (activity.type === "Create" && object && typeof object === "object") {
    const inReplyTo = (object as Record<string, unknown>).inReplyTo;
    return typeof inReplyTo === "string" ? inReplyTo : undefined;
  }
  return undefined;
}

export function federationDoor(options: FederationDoorOptions) {
  const perInstance = new TokenBuckets({
    capacity: options.instanceBurst ?? 120,
    refillPerSecond: options.instancePerSecond ?? 2,
  });
  const origin = new URL(options.origin).origin;

  async function answerInbox(req: Request, res: Response, federationOf: () => Promise<SiteFederation>, db: Database) {
    if (req.method !== "POST") return refuse(res, 405, "Method Not Allowed");
    const length = Number(req.headers["content-length"]);
    if (Number.isFinite(length) && length > INBOX_BODY_LIMIT) return refuse(res, 413, "Payload Too Large");
    if (!ACTIVITY_TYPES.test(req.get("content-type") ?? ""))
      return refuse(res, 415, "An activity is application/activity+json");
    const host = signerHost(req);
    if (!host) return refuse(res, 401, "Unsigned request");
    const taken = perInstance.take(host);
    if (!taken.allowed) {
      res.setHeader("Retry-After", String(taken.retryAfterSeconds));
      return refuse(res, 429, "Too many activities from this instance");
    }
    const body = await readBody(req, INBOX_BODY_LIMIT);
    if (!body) return refuse(res, 413, "Payload Too Large");
    let activity: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(body.toString("utf8"));
      if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new Error("not an object");
      activity = parsed as Record<string, unknown>;
    } catch {
      return refuse(res, 400, "The body is not a JSON object");
    }
    const actor = typeof activity.actor === "string" ? activity.actor : undefined;
    let actorHost: string | undefined;
    try {
      actorHost = actor ? new URL(actor).host : undefined;
    } catch {
      return refuse(res, 400, "The actor is not an address");
    }
    if ((await isBlocked(db, { host })) || (await isBlocked(db, { actorUrl: actor ?? null, host: actorHost ?? null })))
      return refuse(res, 403, "Blocked");
    const target = targetOf(activity);
    if (target?.startsWith(`${origin}/`)) {
      // The posts' lookup (the static articles and their pictures with it) loads with the first activity about one.
      const { postOfUrl } = await import("../app/server/responses/subject-lookup.server.ts");
      const post = await postOfUrl(db, origin, new URL(target)).catch(() => undefined);
      if (!post) return refuse(res, 404, "No such post");
    }
    // A listener that refuses the verified activity (its object cannot be fetched, no such account) leaves its
    // answer here: the sender gets that 4xx, not Fedify's 500 for a listener's error.
    const outcome: InboxOutcome = {};
    const federation = await federationOf();
    const response = await federation.fetch(toFetchRequest(req, body), { contextData: outcome });
    if (outcome.refusal) {
      await response.body?.cancel();
      return refuse(res, outcome.refusal.status, outcome.refusal.reason);
    }
    await sendFetchResponse(res, response);
  }

  /** A post's address asked for ActivityPub: its Article, 410 with a Tombstone after its Delete, or 404. */
  async function answerPost(req: Request, res: Response, federationOf: () => Promise<SiteFederation>, db: Database) {
    const address = postAddress(req.path);
    if (!address) return false;
    res.setHeader("Vary", "Accept");
    res.setHeader("Cache-Control", "public, max-age=0, must-revalidate");
    const { getPublicPost } = await import("../app/server/blog/public-posts.server.ts");
    const post = await getPublicPost(db, address.slug, address.lang);
    const objectUrl = postUrl(origin, address.lang, address.slug);
    const deleted = post ? undefined : await deletedObject(db, objectUrl);
    if (!post && !deleted) return false;
    const [federation, { postArticle, postTombstone }] = await Promise.all([
      federationOf(),
      import("../app/server/fediverse/article.server.ts"),
    ]);
    const context = federation.createContext(new URL(origin), {});
    const json = (status: number, value: unknown) => {
      res.status(status).type("application/activity+json").send(JSON.stringify(value));
    };
    if (post) {
      const replyIds = await approvedReplyIds(db, subjectOfPost(post));
      json(200, await postArticle({ origin, post, replyIds }).toJsonLd({ contextLoader: context.contextLoader }));
      return true;
    }
    if (deleted)
      json(410, await postTombstone(objectUrl, deleted.changedAt).toJsonLd({ contextLoader: context.contextLoader }));
    return true;
  }

  return async (req: Request, res: Response, next: NextFunction) => {
    const federationOf = options.federation();
    const db = options.db();
    if (!federationOf || !db) return next();
    const path = req.path;
    const ours = path === FEDIVERSE_PREFIX || path.startsWith(`${FEDIVERSE_PREFIX}/`) || FEDIFY_PATHS.test(path);
    const askedForPost = (req.method === "GET" || req.method === "HEAD") && wantsActivityPub(req.get("accept"));
    if (!ours && !(askedForPost && postAddress(path))) return next();
    try {
      if (!ours) {
        if (await answerPost(req, res, federationOf, db)) return;
        res.setHeader("Vary", "Accept");
        return refuse(res, 404, "No such post");
      }
      if (isInboxPath(path)) return await answerInbox(req, res, federationOf, db);
      const replies = /^\/fediverse\/replies\/(?:([0-9a-f-]{36})|(pt|en)\/([a-z0-9-]+))$/.exec(path);
      const repliesOf = replies?.[1]
        ? { postId: replies[1] }
        : replies?.[2] && replies[3]
          ? subjectOfRow({ postId: null, articleId: replies[3], articleLang: replies[2] })
          : undefined;
      if (repliesOf) {
        const items = await approvedReplyIds(db, repliesOf);
        res.type("application/activity+json").send(
          JSON.stringify({
            "@context": "https://www.w3.org/ns/activitystreams",
            id: `${origin}${path}`,
            type: "Collection",
            totalItems: items.length,
            items,
          }),
        );
        return;
      }
      const note = /^\/fediverse\/notes\/([0-9a-f-]{36})$/.exec(path);
      if (note?.[1]) {
        const [federation, { answerNote, withdrawnNote }] = await Promise.all([
          federationOf(),
          import("../app/server/fediverse/answer.server.ts"),
        ]);
        const found = await answerNote(db, federation, origin, note[1]);
        // An answer withdrawn (the reply it answered deleted or rejected) answers 410 with its Tombstone.
        const gone = found ? undefined : await withdrawnNote(db, origin, note[1]);
        if (!found && !gone) return refuse(res, 404, "Not Found");
        const context = federation.createContext(new URL(origin), {});
        res
          .status(found ? 200 : 410)
          .type("application/activity+json")
          .send(JSON.stringify(await (found ?? gone)?.toJsonLd({ contextLoader: context.contextLoader })));
        return;
      }
      const federation = await federationOf();
      const response = await federation.fetch(toFetchRequest(req), {
        contextData: {},
        onNotFound: () => new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain" } }),
        // A browser that opens an actor's address goes to the blog of its language.
        onNotAcceptable: () => {
          const lang = langOfIdentifier(path.slice(FEDIVERSE_PREFIX.length + 1));
          if (lang) return Response.redirect(new URL(lang === "en" ? "/en/blog" : "/blog", origin), 302);
          return new Response("Not Acceptable", {
            status: 406,
            headers: { "Content-Type": "text/plain", Vary: "Accept" },
          });
        },
      });
      await sendFetchResponse(res, response);
    } catch (error) {
      // A request no URL or Request can be made of (a malformed Host, an address Fedify cannot parse) is the
      // sender's mistake, not the server's.
      if (error instanceof TypeError || error instanceof URIError) {
        if (!res.headersSent) return refuse(res, 400, "Bad Request");
        return;
      }
      next(error);
    }
  };
}
