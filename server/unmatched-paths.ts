/**
 * Paths no route matches (a crawler's guess, a mistyped link) share one
 * not-found page per language. The request is handed to `/404` or `/en/404`,
 * which the response cache (server/page-cache.ts) renders once and then
 * answers from memory, 404 with the same text as any unknown path, instead
 * of a render per request. Which paths match a route is the server build's
 * own table, so it cannot drift from app/routes.ts. See
 * docs/decisions/020-hardening.md.
 */
import type { NextFunction, Request, Response } from "express";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { langFromPath, localizePath } from "../app/i18n/paths.ts";
import { NOT_FOUND_PATH } from "./request-guard.ts";
import { labelRoute } from "./route-label.ts";

/** Route ids of the catch-all not-found routes end so (app/routes.ts: `{lang}:not-found`). */
const NOT_FOUND_ROUTE = ":not-found";

/** The build's route manifest as the nested routes `matchRoutes` takes. */
function routeTree(build: ServerBuild): RouteObject[] {
  const children = new Map<string | undefined, RouteObject[]>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const object = { id: route.id, path: route.path, index: route.index, caseSensitive: route.caseSensitive };
    const siblings = children.get(route.parentId) ?? [];
    siblings.push(object as RouteObject);
    children.set(route.parentId, siblings);
  }
  const attach = (route: RouteObject): RouteObject => {
    const below = children.get(route.id);
    return below && !route.index ? ({ ...route, children: below.map(attach) } as RouteObject) : route;
  };
  return (children.get(undefined) ?? []).map(attach);
}

/** The metrics label of a path that no route matches (decision 028): one label, whatever the path. */
export const UNMATCHED = "unmatched";
/** Paths whose label is remembered; past this the memory starts over (random paths must not grow it). */
const REMEMBERED_PATHS = 2000;

/** A route's whole path pattern, from the root: `/blog/:id`, `/en/blog/:id`, `/auth/github`. */
function patterns(build: ServerBuild): Map<string, string> {
  const byId = new Map<string, string>();
  const patternOf = (id: string): string => {
    const known = byId.get(id);
    if (known !== undefined) return known;
    const route = build.routes[id];
    const parent = route?.parentId ? patternOf(route.parentId) : "";
    const own = route?.path ?? "";
    const joined = `${parent}/${own}`.replace(/\/+/g, "/");
    const pattern = joined.length > 1 ? joined.replace(/\/$/, "") : "/";
    byId.set(id, pattern);
    return pattern;
  };
  for (const id of Object.keys(build.routes)) patternOf(id);
  return byId;
}

/**
 * The label of a decoded path for the metrics: the pattern of the route that
 * answers it (`/blog/:id`), React Router's data requests (`/blog/x.data`)
 * under their page's pattern, and UNMATCHED for any path that reaches the
 * catch-all not-found route, so labels stay as few as the routes.
 * @example routeLabeller(build)("/en/blog/bot-discord") // "/en/blog/:id"
 * @example routeLabeller(build)("/wp-login.php") // "unmatched"
 */
export function routeLabeller(build: ServerBuild): (path: string) => string {
  const routes = routeTree(build);
  const patternById = patterns(build);
  // React Router answers its route-discovery requests itself, outside the route table.
  const manifestPath = build.routeDiscovery?.mode === "lazy" ? build.routeDiscovery.manifestPath : undefined;
  const remembered = new Map<string, string>();
  return (path) => {
    const known = remembered.get(path);
    if (known !== undefined) return known;
    let label: string;
    if (path === manifestPath) label = path;
    else {
      const page = path === "/_root.data" ? "/" : path.endsWith(".data") ? path.slice(0, -".data".length) : path;
      const id = matchRoutes(routes, page)?.at(-1)?.route.id ?? "";
      label = !id || id.endsWith(NOT_FOUND_ROUTE) ? UNMATCHED : (patternById.get(id) ?? UNMATCHED);
    }
    if (remembered.size >= REMEMBERED_PATHS) remembered.clear();
    remembered.set(path, label);
    return label;
  };
}

/**
 * Whether a decoded path reaches the catch-all not-found route (no other route matches it).
 * @example matchesNoRoute("/esta-pagina-nao-existe") // true
 * @example matchesNoRoute("/about") // false
 */
export function noRouteMatcher(build: ServerBuild, label = routeLabeller(build)): (path: string) => boolean {
  return (path) => !path.endsWith(".data") && label(path) === UNMATCHED;
}

/**
 * Hands a page request (GET or HEAD, not loader data) whose path no route
 * matches to its language's not-found path. `matcher` is read per request:
 * the build loads after the middleware is in place.
 */
export function unmatchedPathsToNotFound(
  matcher: () => ((path: string) => boolean) | undefined,
  /** Path prefixes answered by the server itself, not by a route (stored objects). */
  servedElsewhere: readonly string[] = [],
) {
  return (req: Request, res: Response, next: NextFunction) => {
    const matchesNoRoute = matcher();
    if (!matchesNoRoute || (req.method !== "GET" && req.method !== "HEAD")) return next();
    const path = req.path;
    if (path.endsWith(".data") || servedElsewhere.some((prefix) => path.startsWith(prefix))) return next();
    if (!matchesNoRoute(path)) return next();
    const target = localizePath(NOT_FOUND_PATH, langFromPath(path));
    labelRoute(res, UNMATCHED);
    if (path === target) return next();
    // The not-found page ignores the query; without it, every unknown URL shares one cached page.
    req.url = target;
    req.originalUrl = target;
    next();
  };
}
