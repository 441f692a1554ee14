/**
 * Paths no route matches (a crawler's guess, a mistyped link) share one
 * not-found page per language. The request is handed to `/404` or `/en/404`,
 * which the response cache (http-server/page-cache.ts) renders once and then
 * answers from memory, 404 with the same text as any unknown path, instead
 * of a render per request. Which paths match a route is the server build's
 * own table, so it cannot drift from app/routes.ts. See
 * docs/decisions/020-hardening.md.
 *
 * Unknown ids of the routes whose ids are content known at build time are
 * answered the same way, without React: an unknown project or service is
 * handed to its route's one not-found page (`/projects/~`, cached like
 * `/404`, with its own text), an unknown company is redirected to the list
 * as its loader does. See docs/decisions/027-flood-limits.md.
 */
import type { NextFunction, Request, Response } from "express";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { companySlugs, projectSlugs, serviceIds } from "../app/content/ids.ts";
import { type Lang, langFromPath, localizePath } from "../app/i18n/paths.ts";
import { isDataRequest, pagePathOf } from "../app/lib/data-request.ts";
import { MISSING_ID } from "../app/server/blog/page-cache.server.ts";
import { NOT_FOUND_PATH } from "./request-guard.ts";
import { labelRoute } from "./route-label.ts";

/** Route ids of the catch-all not-found routes end so (app/routes.ts: `{lang}:not-found`). */
const NOT_FOUND_ROUTE = ":not-found";

/** What answers a page request no route or no content has: another path's page, or a redirect. */
export type NotFoundAnswer = { rewrite: string } | { redirect: string };

const decoded = (text: string) => {
  try {
    return decodeURIComponent(text).normalize("NFC");
  } catch {
    return text;
  }
};

const projects = new Set<string>(projectSlugs);
const services = new Set<string>(serviceIds);
const companies = new Set<string>(companySlugs);

/**
 * The routes whose ids are content known at build time (app/routing/pages.ts),
 * by the key of their route id, with the parameter and how an unknown one is
 * answered: as the route's loader answers it (`findProject` compares decoded
 * NFC, `findService` and `findCompany` compare as given).
 */
const STATIC_IDS: Record<
  string,
  { param: string; known: (id: string) => boolean; answer: (lang: Lang) => NotFoundAnswer }
> = {
  project: {
    param: "id",
    known: (id) => projects.has(decoded(id)),
    answer: (lang) => ({ rewrite: localizePath(`/projects/${MISSING_ID}`, lang) }),
  },
  service: {
    param: "serviceId",
    known: (id) => services.has(id),
    answer: (lang) => ({ rewrite: localizePath(`/services/${MISSING_ID}`, lang) }),
  },
  company: {
    param: "slug",
    known: (slug) => companies.has(slug),
    answer: (lang) => ({ redirect: localizePath("/companies", lang) }),
  },
};

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

/** The deepest route a path reaches, with its parameters. */
export interface RouteLeaf {
  id: string;
  params: Record<string, string | undefined>;
}

interface Branch {
  id: string;
  score: number;
  pattern: RegExp;
  params: string[];
}

/** React Router's ranking of a route's full path (`computeScore` in its matcher). */
function score(path: string, index: boolean): number {
  const segments = path.split("/");
  let total = segments.length + (segments.includes("*") ? -2 : 0) + (index ? 2 : 0);
  for (const segment of segments) {
    if (segment === "*") continue;
    total += /^:[\w-]+$/.test(segment) ? 3 : segment === "" ? 1 : 10;
  }
  return total;
}

/** A full route path as React Router compiles it (`compilePath`, whole path, no optional segments). */
function compile(path: string, caseSensitive: boolean): { pattern: RegExp; params: string[] } {
  const params: string[] = [];
  let source = `^${path
    .replace(/\/*\*?$/, "")
    .replace(/^\/*/, "/")
    .replace(/[\\.*+^${}|()[\]]/g, "\\$&")
    .replace(/\/:([\w-]+)/g, (_match, name: string) => {
      params.push(name);
      return "/([^\\/]+)";
    })}`;
  if (path.endsWith("*")) {
    params.push("*");
    source += path === "*" || path === "/*" ? "(.*)$" : "(?:\\/(.+)|\\/*)$";
  } else source += "\\/*$";
  return { pattern: new RegExp(source, caseSensitive ? undefined : "i"), params };
}

/** Each path segment decoded, as React Router decodes a path before matching it. */
function decodePath(path: string): string {
  try {
    return path
      .split("/")
      .map((segment) => decodeURIComponent(segment).replace(/\//g, "%2F"))
      .join("/");
  } catch {
    return path;
  }
}

/**
 * The route table compiled once: React Router's `matchRoutes` flattens,
 * ranks and compiles the whole table on every call (about 0.45 ms here,
 * which made an unknown path cost four static files); this gives the same
 * leaf with one pass over precompiled patterns. A table with optional
 * segments (none here) is left to `matchRoutes`.
 * @example routeMatcher(build)("/en/projects/devstudio") // { id: "en:project", params: { id: "devstudio" } }
 */
export function routeMatcher(build: ServerBuild): (path: string) => RouteLeaf | undefined {
  const routes = routeTree(build);
  const branches: (Branch & { order: number })[] = [];
  let optional = false;
  const flatten = (list: readonly RouteObject[], parentPath: string) => {
    for (const route of list) {
      let relative = route.path ?? "";
      if (relative.includes("?")) optional = true;
      if (relative.startsWith("/") && relative.startsWith(parentPath)) relative = relative.slice(parentPath.length);
      const path = [parentPath, relative].join("/").replace(/\/\/+/g, "/");
      if (route.children?.length) flatten(route.children, path);
      if (route.path == null && !route.index) continue;
      const { pattern, params } = compile(path, route.caseSensitive === true);
      branches.push({
        id: route.id ?? "",
        score: score(path, route.index === true),
        pattern,
        params,
        order: branches.length,
      });
    }
  };
  flatten(routes, "");
  // Higher scores first; equal scores keep the table's order, as React Router's stable sort does for siblings.
  branches.sort((a, b) => b.score - a.score || a.order - b.order);
  const leafOf = optional
    ? (path: string): RouteLeaf | undefined => {
        const leaf = matchRoutes(routes, path)?.at(-1);
        return leaf ? { id: leaf.route.id ?? "", params: leaf.params } : undefined;
      }
    : (rawPath: string): RouteLeaf | undefined => {
        const path = decodePath(rawPath);
        for (const branch of branches) {
          const match = branch.pattern.exec(path);
          if (!match) continue;
          const params: Record<string, string | undefined> = {};
          branch.params.forEach((name, i) => {
            params[name] = (match[i + 1] ?? "").replace(/%2F/g, "/");
          });
          return { id: branch.id, params };
        }
        return undefined;
      };
  // A request's path is matched twice (whether it names anything, then its metrics label), and a page read by
  // many is asked for again and again: the last path's leaf is kept. Callers read a leaf, never change it.
  let last: { path: string; leaf: RouteLeaf | undefined } | undefined;
  return (path) => {
    if (last?.path !== path) last = { path, leaf: leafOf(path) };
    return last.leaf;
  };
}

/** The metrics label of a path that no route matches (decision 028): one label, whatever the path. */
export const UNMATCHED = "unmatched";

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
 * The label of a path for the metrics: the pattern of the route that answers
 * it (`/blog/:id`), React Router's data requests (`/blog/x.data`) under their
 * page's pattern, and UNMATCHED for any path that reaches the catch-all
 * not-found route, so labels stay as few as the routes.
 * @example routeLabeller(build)("/en/blog/bot-discord") // "/en/blog/:id"
 * @example routeLabeller(build)("/wp-login.php") // "unmatched"
 */
export function routeLabeller(build: ServerBuild, match = routeMatcher(build)): (path: string) => string {
  const patternById = patterns(build);
  // React Router answers its route-discovery requests itself, outside the route table.
  const manifestPath = build.routeDiscovery?.mode === "lazy" ? build.routeDiscovery.manifestPath : undefined;
  return (path) => {
    if (path === manifestPath) return path;
    const page = pagePathOf(path);
    const id = match(page)?.id ?? "";
    return !id || id.endsWith(NOT_FOUND_ROUTE) ? UNMATCHED : (patternById.get(id) ?? UNMATCHED);
  };
}

/**
 * What answers a path that names nothing: the catch-all not-found page when
 * no route matches it, a content route's own answer when its id is unknown,
 * or undefined when the path may exist.
 * @example notFoundAnswer("/esta-pagina-nao-existe") // { rewrite: "/404" }
 * @example notFoundAnswer("/en/projects/nope") // { rewrite: "/en/projects/~" }
 * @example notFoundAnswer("/about") // undefined
 */
export function notFoundAnswerer(
  build: ServerBuild,
  match = routeMatcher(build),
): (path: string) => NotFoundAnswer | undefined {
  // React Router answers its route-discovery requests itself, outside the route table.
  const manifestPath = build.routeDiscovery?.mode === "lazy" ? build.routeDiscovery.manifestPath : undefined;
  return (path) => {
    if (path === manifestPath) return undefined;
    const leaf = match(path);
    const routeId = leaf?.id ?? "";
    const lang = langFromPath(path);
    if (!leaf || routeId.endsWith(NOT_FOUND_ROUTE)) return { rewrite: localizePath(NOT_FOUND_PATH, lang) };
    const content = STATIC_IDS[routeId.slice(routeId.indexOf(":") + 1)];
    const id = content && leaf.params[content.param];
    if (!content || id === undefined || id === MISSING_ID || content.known(id)) return undefined;
    return content.answer(lang);
  };
}

/**
 * Hands a page request (GET or HEAD, not loader data) whose path names
 * nothing to the page that answers it (its language's not-found page, or
 * its route's), or redirects it. `answerer` is read per request: the build
 * loads after the middleware is in place.
 */
export function unmatchedPathsToNotFound(
  answerer: () => ((path: string) => NotFoundAnswer | undefined) | undefined,
  /** Path prefixes answered by the server itself, not by a route (stored objects). */
  servedElsewhere: readonly string[] = [],
) {
  return (req: Request, res: Response, next: NextFunction) => {
    const answerOf = answerer();
    if (!answerOf || (req.method !== "GET" && req.method !== "HEAD")) return next();
    const path = req.path;
    if (isDataRequest(path) || servedElsewhere.some((prefix) => path.startsWith(prefix))) return next();
    const answer = answerOf(path);
    if (!answer) return next();
    if ("redirect" in answer) {
      // As the route's loader does (`replace`): a temporary redirect to the list.
      res.redirect(302, answer.redirect);
      return;
    }
    const lang = langFromPath(path);
    if (answer.rewrite === localizePath(NOT_FOUND_PATH, lang)) labelRoute(res, UNMATCHED);
    if (path === answer.rewrite) return next();
    // The not-found page ignores the query; without it, every unknown URL shares one cached page.
    req.url = answer.rewrite;
    req.originalUrl = answer.rewrite;
    next();
  };
}
