import { existsSync, realpathSync } from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { languages, localizePath } from "../app/i18n/paths.ts";
import { MAX_UPLOAD_BYTES } from "../app/lib/upload-limits.ts";
import { isSameOriginRequest } from "../app/server/auth/same-origin.server.ts";
import { signInFormTargets } from "../app/server/auth/settings.server.ts";
import { blogAddressKeys, blogTableVersion, missingBlogAddresses } from "../app/server/blog/page-cache.server.ts";
import { logWarning, writeLogLine } from "../app/server/log.server.ts";
import { clientIpContext, servedRequestContext, servicesContext } from "../app/server/request-context.server.ts";
import type { AppServices } from "../app/server/services.server.ts";
import { redirectTable } from "../app/server/transfer/redirects.server.ts";
import { UPLOADS_URL_PREFIX } from "../app/server/uploads/storage.server.ts";
import { setSiteUrl } from "../app/site.config.ts";
import { readBuildRecord } from "../config/build-record.ts";
import type { ServerConfig } from "../config/config.ts";
import { countAudience } from "./analytics.ts";
import { floodLimits } from "./flood-limits.ts";
import { type HttpMetrics, observability } from "./observability.ts";
import { localWrites, oldAddresses, POST_ADDRESS, wordpressQuery } from "./old-addresses.ts";
import { createPageCache, type PageCache } from "./page-cache.ts";
import { requestGuard } from "./request-guard.ts";
import { staticFiles } from "./static-files.ts";
import { baseHeaders, pageHeadersReplaceBase, transportSecurity, trustProxySetting } from "./transport-security.ts";
import {
  type NotFoundAnswer,
  notFoundAnswerer,
  routeLabeller,
  routeMatcher,
  unmatchedPathsToNotFound,
} from "./unmatched-paths.ts";
import { serveUploads } from "./uploads.ts";

/** Cover uploads may be larger than other requests: the image limit plus room for the multipart framing. */
export const UPLOAD_PATH = "/admin/blog/upload";
const UPLOAD_BODY_LIMIT = MAX_UPLOAD_BYTES + 64 * 1024;
/** An import's upload: its route answers one too large itself, in the author's language, before reading it. */
export const IMPORT_PATH = "/admin/blog/import";
/** The page the import's plain form posts to (without scripts): its action bounds the file and its other forms. */
const TRANSFER_PAGES = new Set(languages.map((lang) => localizePath("/admin/blog/transfer", lang)));

/**
 * Refuses bodies larger than the limit before reading them; a body of unknown
 * length is refused too. `limitFor` may raise the limit for particular paths.
 */
export function bodyLimit(defaultMaxBytes: number, limitFor: (path: string) => number | undefined = () => undefined) {
  return (req: Request, res: Response, next: NextFunction) => {
    const maxBytes = limitFor(req.path) ?? defaultMaxBytes;
    const hasBody = req.headers["transfer-encoding"] !== undefined || req.headers["content-length"] !== undefined;
    if (!hasBody) return next();
    const length = Number(req.headers["content-length"]);
    if (!Number.isFinite(length)) {
      res.status(411).type("text/plain").send("Length Required");
      return;
    }
    if (length > maxBytes) {
      res.status(413).type("text/plain").send("Payload Too Large");
      return;
    }
    next();
  };
}

/** The webmention endpoint: other sites' servers post to it, with no page, cookie or session of ours. */
const WEBMENTION_ENDPOINT = "/webmention";

/** The newsletter's unsubscribe address in either language (app/lib/newsletter-paths.ts). */
const ONE_CLICK_UNSUBSCRIBE = /^(?:\/en)?\/newsletter\/unsubscribe$/;

/**
 * Refuses state-changing requests that a page of another site sent (CSRF),
 * whatever route they target. Our own origin is the public URL or the host
 * the request was addressed to.
 */
export function sameOriginOnly(publicUrl: string) {
  const publicOrigin = new URL(publicUrl).origin;
  return (req: Request, res: Response, next: NextFunction) => {
    // A mail program's one-click unsubscribe (RFC 8058) comes from no page at all; the token it carries is
    // the only authority there, and a forged POST can only unsubscribe the holder of that token.
    if (req.method === "POST" && ONE_CLICK_UNSUBSCRIBE.test(req.path) && typeof req.query.token === "string")
      return next();
    // A webmention is sent by another site's server, or by a form on another site: nothing of a session is used.
    if (req.method === "POST" && req.path === WEBMENTION_ENDPOINT) return next();
    const origin = req.get("origin");
    const secFetchSite = req.get("sec-fetch-site");
    const allowed = [publicOrigin, `${req.protocol}://${req.get("host")}`];
    if (isSameOriginRequest({ method: req.method, origin, secFetchSite }, allowed)) return next();
    res.status(403).type("text/plain").send("Cross-origin request refused");
  };
}

/**
 * Compression of responses as they are sent (those not held compressed already).
 * Brotli's default 4 MB window is far larger than any page and costs its memory
 * per response: 50 at once held 130 MB at the peak and 118 MB after. A 256 KB
 * window compresses the site's pages to the same bytes with 49 and 18 MB.
 */
export const DYNAMIC_COMPRESSION = { brotli: { params: { [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } } };

/** What the server tells the health endpoints and where it counts responses (http-server/observability.ts). */
export interface AppObservability {
  /** Responses by route and status, read on the metrics port. */
  metrics?: HttpMetrics;
  /** Migrations the database must have applied for /readyz to be 200. */
  expectedMigrations?: number;
  /** True once the server is stopping: /readyz is 503. */
  stopping?: () => boolean;
}

/** The whole HTTP application: security headers, static files, then React Router. */
export async function createApp(
  config: ServerConfig,
  services: AppServices,
  vite?: ViteDevServer,
  observe: AppObservability = {},
) {
  // Pages rendered from now on, feeds and link previews name this server's address, whatever the build's (decision 041).
  setSiteUrl(config.publicUrl);
  const app = express();
  app.disable("x-powered-by");
  // Which proxies' X-Forwarded-For and X-Forwarded-Proto to believe (TRUST_PROXY, default loopback).
  app.set("trust proxy", trustProxySetting(config.trustProxy));
  // The security headers of every response, Cross-Origin-Resource-Policy included.
  app.use(baseHeaders);
  // Labels responses by route pattern once the build is loaded (below).
  let labelPath: ((path: string) => string) | undefined;
  // Health and readiness answer first; every response gets an id, is timed, counted and (LOG_FORMAT=json) logged.
  app.use(
    observability(
      {
        database: () => services.db,
        expectedMigrations: observe.expectedMigrations,
        stopping: observe.stopping,
        routeLabel: () => labelPath,
        log: config.logFormat === "json" ? (line) => writeLogLine(line) : undefined,
      },
      observe.metrics,
    ),
  );
  // Strict-Transport-Security on an https site, and FORCE_HTTPS's redirect of plain HTTP
  // (what a trusted proxy says it received counts).
  app.use(transportSecurity(config));
  // Malformed addresses are refused here, once for every route (http-server/request-guard.ts).
  app.use(requestGuard());
  // The fediverse's endpoints, and a post's address asked for ActivityPub, before any body is read
  // (http-server/federation.ts); FEDERATION=off mounts nothing, so they are the site's 404s.
  // Its module reads the app's posts, static articles included: loaded through Vite in development, bundled in a build.
  const { federationDoor, federationOff } = vite
    ? ((await vite.ssrLoadModule("/http-server/federation.ts")) as typeof import("./federation.ts"))
    : await import("./federation.ts");
  if (config.fediverse.on)
    app.use(
      federationDoor({
        federation: () => services.fediverse?.federation,
        db: () => services.db,
        origin: config.publicUrl,
      }),
    );
  else app.use(federationOff());
  // The audience is counted as responses finish, whoever answers them (ANALYTICS=off: not at all).
  app.use(countAudience(() => services.audience, config.publicUrl));
  // The build this server runs, link resolved once (tools/build/build.ts): a rebuild that moves the link
  // later leaves this server on its own build's files.
  // What the old addresses' redirects need, set once the build is loaded (http-server/old-addresses.ts).
  let answerNotFound: ((path: string) => NotFoundAnswer | undefined) | undefined;
  let pageCache: PageCache | undefined;
  let isPage: ((path: string) => boolean) | undefined;
  const redirectSettings = {
    load: () => redirectTable(services.db),
    version: () => pageCache ?? localWrites,
    isPage: () => isPage,
  };
  const buildDir = existsSync(config.buildDir) ? realpathSync(config.buildDir) : config.buildDir;
  const clientDir = path.join(buildDir, "client");
  // Files of the client build, compressed at build time, are answered first: GET and HEAD only,
  // so the body limit and the same-origin check (for state-changing requests) do not concern them.
  // Its prerendered pages name the address it was built with; another is rewritten at start (decision 041).
  if (!vite) {
    const built = readBuildRecord(buildDir)?.publicUrl;
    const origins = built === undefined ? undefined : { built, served: config.publicUrl };
    if (built === undefined)
      logWarning(
        "build_record_missing",
        `The build in ${buildDir} does not say which PUBLIC_URL its prerendered pages name (it was made before ` +
          "build-record.json): they are served as built. Build again to have them name this server's address.",
      );
    app.use(oldAddresses({ ...redirectSettings, only: wordpressQuery }));
    app.use(await staticFiles(clientDir, { formTargets: signInFormTargets(services.auth), origins }));
  }
  // A path no route matches gets its language's one not-found page, from the cache below; an unknown
  // project or service its route's, an unknown company the redirect to the list, without React.
  // An imported post's old address answers 301 to the post, ahead of the not-found page it would get.
  app.use(oldAddresses(redirectSettings));
  app.use(unmatchedPathsToNotFound(() => answerNotFound, [UPLOADS_URL_PREFIX]));
  // Cached blog pages are answered here, ahead of everything else (the cache is made with the build below);
  // an unknown post or tag is handed to its route's cached not-found page first.
  app.use((req, res, next) => (pageCache ? pageCache.serveHits(req, res, next) : next()));
  // What is left, stored objects aside, costs a render or a route's work: limited per client
  // (http-server/flood-limits.ts), ahead of the compression, so a refusal costs no compressor.
  app.use(floodLimits(config.floodLimits, UPLOAD_PATH, [UPLOADS_URL_PREFIX]));
  app.use(compression(DYNAMIC_COMPRESSION));
  app.use(
    bodyLimit(config.bodyLimitBytes, (requestPath) =>
      requestPath === UPLOAD_PATH
        ? UPLOAD_BODY_LIMIT
        : requestPath === IMPORT_PATH || TRANSFER_PAGES.has(requestPath)
          ? Number.MAX_SAFE_INTEGER
          : undefined,
    ),
  );
  app.use(sameOriginOnly(config.publicUrl));

  // Stored objects (covers, link-preview images) get random or versioned keys and are never
  // rewritten: cached for good, read through the storage driver in use (http-server/uploads.ts).
  app.use(
    UPLOADS_URL_PREFIX.replace(/\/$/, ""),
    serveUploads(() => services.uploads),
  );
  let build: ServerBuild | (() => Promise<ServerBuild>);
  if (vite) {
    app.use(vite.middlewares);
    build = () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  } else {
    build = (await import(path.join(buildDir, "server", "index.js"))) as ServerBuild;
    const match = routeMatcher(build);
    labelPath = routeLabeller(build, match);
    answerNotFound = notFoundAnswerer(build, match);
    const answer = answerNotFound;
    isPage = (path) => answer(path) === undefined && !POST_ADDRESS.test(path);
    pageCache = createPageCache(build, {
      origin: config.publicUrl,
      formTargets: signInFormTargets(services.auth),
      services,
      version: () => blogTableVersion(services.db),
      missing: async () => missingBlogAddresses(await blogAddressKeys(services.db)),
    });
    app.use(pageCache.renderMisses);
  }

  app.all(
    "/{*splat}",
    pageHeadersReplaceBase,
    createRequestHandler({
      build,
      mode: config.production ? "production" : "development",
      getLoadContext(req) {
        const context = new RouterContextProvider();
        context.set(clientIpContext, req.ip ?? "unknown");
        context.set(servedRequestContext, true);
        context.set(servicesContext, services);
        return context;
      },
    }),
  );
  return app;
}
