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

/**
 * Whether a decoded path reaches the catch-all not-found route (no other route matches it).
 * @example matchesNoRoute("/esta-pagina-nao-existe") // true
 * @example matchesNoRoute("/about") // false
 */
export function noRouteMatcher(build: ServerBuild): (path: string) => boolean {
  const routes = routeTree(build);
  // React Router answers its route-discovery requests itself, outside the route table.
  const manifestPath = build.routeDiscovery?.mode === "lazy" ? build.routeDiscovery.manifestPath : undefined;
  return (path) => {
    if (path === manifestPath) return false;
    const leaf = matchRoutes(routes, path)?.at(-1);
    return !leaf || (leaf.route.id ?? "").endsWith(NOT_FOUND_ROUTE);
  };
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
  return (req: Request, _res: Response, next: NextFunction) => {
    const matchesNoRoute = matcher();
    if (!matchesNoRoute || (req.method !== "GET" && req.method !== "HEAD")) return next();
    const path = req.path;
    if (path.endsWith(".data") || servedElsewhere.some((prefix) => path.startsWith(prefix))) return next();
    if (!matchesNoRoute(path)) return next();
    const target = localizePath(NOT_FOUND_PATH, langFromPath(path));
    if (path === target) return next();
    // The not-found page ignores the query; without it, every unknown URL shares one cached page.
    req.url = target;
    req.originalUrl = target;
    next();
  };
}
