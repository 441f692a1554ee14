import type http from "node:http";
import type { AddressInfo } from "node:net";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import express from "express";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { companySlugs, projectSlugs, serviceIds, staticArticleIds } from "../../app/content/ids.ts";
import { findProject } from "../../app/content/projects.ts";
import { languages, localizePath, stripLang } from "../../app/i18n/paths.ts";
import routeConfig from "../../app/routes.ts";
import { prerenderPaths } from "../../app/routing/pages.ts";
import {
  type BlogAddressKeys,
  isCacheablePageUrl,
  missingBlogAddresses,
} from "../../app/server/blog/page-cache.server.ts";
import { PageCache } from "../../http-server/page-cache.ts";
import {
  type NotFoundAnswer,
  notFoundAnswerer,
  routeMatcher,
  unmatchedPathsToNotFound,
} from "../../http-server/unmatched-paths.ts";

/** The app's own route table (app/routes.ts) as the route manifest of a server build. */
function buildOfRouteConfig(): ServerBuild {
  const routes: Record<string, { id: string; parentId?: string; path?: string; index?: boolean | undefined }> = {
    root: { id: "root", path: "" },
  };
  const add = (entries: readonly RouteConfigEntry[], parentId: string) => {
    for (const entry of entries) {
      const id = entry.id ?? entry.file;
      routes[id] = { id, parentId, ...(entry.path === undefined ? {} : { path: entry.path }), index: entry.index };
      if (entry.children) add(entry.children, id);
    }
  };
  add(routeConfig, "root");
  return { routes } as unknown as ServerBuild;
}

const build = buildOfRouteConfig();
const answer = notFoundAnswerer(build);

/** React Router's own matching of the same table, as the reference. */
function routerLeaf(path: string) {
  const routes = Object.values(build.routes);
  const tree = (parentId: string | undefined): RouteObject[] =>
    routes
      .filter((route) => route?.parentId === parentId)
      .map((route) => ({ id: route?.id, path: route?.path, children: tree(route?.id) }) as RouteObject);
  const leaf = matchRoutes(tree(undefined), path)?.at(-1);
  return leaf ? { id: leaf.route.id, params: leaf.params } : undefined;
}

describe("routeMatcher", () => {
  const match = routeMatcher(build);
  const samples = [
    ...languages.flatMap((lang) => prerenderPaths().map((path) => localizePath(stripLang(path), lang))),
    "/",
    "/en",
    "/en/",
    "/about/",
    "/ABOUT",
    "/blog",
    "/blog/",
    "/blog/bot-discord",
    "/en/blog/x/",
    "/blog/tag/docker",
    "/blog/tag",
    "/blog/search",
    "/en/blog/search/",
    "/projects/site-da-fam%C3%ADlia-werneck",
    "/projects/a%2Fb",
    "/projects/%E0%A4%A",
    "/projects/a/b",
    "/og/blog/x/abc.png",
    "/og/en/blog/x/abc.png",
    "/auth/github/callback",
    "/admin/blog/upload",
    "/contact/send",
    "/sitemap.xml",
    "/rss.xml",
    "/en/rss.xml",
    "/robots.txt",
    "/nada",
    "/en/nada/mais",
    "/enx",
    "/privacy",
    "/en/privacidade",
    "/PRIVACY/",
    "/privacy/x",
    "/404",
    "//double//slash",
  ];
  it.each(samples)("finds what React Router finds for %s", (path) => {
    expect(match(path)).toEqual(routerLeaf(path));
  });
});

describe("notFoundAnswerer: unknown ids of content known at build time", () => {
  it.each<[string, NotFoundAnswer | undefined]>([
    ["/esta-pagina-nao-existe", { rewrite: "/404" }],
    ["/en/does/not/exist", { rewrite: "/en/404" }],
    ["/about", undefined],
    ["/projects/nope", { rewrite: "/projects/~" }],
    ["/en/projects/nope", { rewrite: "/en/projects/~" }],
    ["/projects/devstudio", undefined],
    ["/projects/site-da-fam%C3%ADlia-werneck", undefined],
    ["/services/nope", { rewrite: "/services/~" }],
    ["/en/services/consulting", undefined],
    ["/companies/nope", { redirect: "/companies" }],
    ["/en/companies/nope", { redirect: "/en/companies" }],
    ["/en/companies/werneck-group", undefined],
    // A translated page's other slug is a route of its own, which redirects.
    ["/privacy", undefined],
    ["/en/privacidade", undefined],
    ["/privacy/x", { rewrite: "/404" }],
    // Database-backed routes are the page cache's (missingBlogAddresses).
    ["/blog/nope", undefined],
    ["/blog/tag/nope", undefined],
  ])("%s → %j", (path, expected) => {
    expect(answer(path)).toEqual(expected);
  });

  it("knows every id the content has, as the routes find them", () => {
    for (const id of projectSlugs) {
      expect(findProject(id)).toBeDefined();
      expect(answer(`/projects/${encodeURIComponent(id)}`)).toBeUndefined();
    }
    for (const id of serviceIds) expect(answer(`/en/services/${id}`)).toBeUndefined();
    for (const slug of companySlugs) expect(answer(`/companies/${slug}`)).toBeUndefined();
  });

  it("hands unknown ids to pages the response cache keeps", () => {
    for (const path of ["/projects/x", "/en/services/x"]) {
      const found = answer(path);
      expect(found && "rewrite" in found && isCacheablePageUrl(found.rewrite)).toBe(true);
    }
  });
});

const keys: BlogAddressKeys = { slugs: new Set(["ola-mundo", ...staticArticleIds]), tags: new Set(["docker"]) };

describe("missingBlogAddresses", () => {
  const missing = missingBlogAddresses(keys);
  it.each<[string, string | undefined]>([
    ["/blog/nope", "/blog/~"],
    ["/en/blog/nope", "/en/blog/~"],
    ["/en/blog/nope.data", "/en/blog/~.data"],
    ["/blog/ola-mundo", undefined],
    // A slug of either language: the other language's URL redirects to it.
    ["/en/blog/ola-mundo", undefined],
    ["/blog/bot-discord", undefined],
    ["/blog/search", undefined],
    ["/blog/search.data", undefined],
    ["/blog/_.data", undefined],
    ["/blog/~", undefined],
    ["/blog", undefined],
    ["/blog/tag/nope", "/blog/tag/~"],
    ["/en/blog/tag/nope.data", "/en/blog/tag/~.data"],
    ["/en/blog/tag/docker", undefined],
    ["/about", undefined],
  ])("%s → %s", (path, expected) => {
    expect(missing(path)).toBe(expected);
  });
});

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** The edge as http-server/app.ts wires it, with a renderer and a router that count what reaches them. */
async function edge(loadKeys: () => Promise<BlogAddressKeys>) {
  const renders: string[] = [];
  const routed: string[] = [];
  const generation = { value: 0 };
  const cache = new PageCache({
    origin: "https://site.example",
    generation: () => generation.value,
    missing: async () => missingBlogAddresses(await loadKeys()),
    render: async (request) => {
      const { pathname } = new URL(request.url);
      renders.push(pathname);
      const known = /\/(?:ola-mundo|novo-post)$/.test(pathname);
      return new Response(`<!doctype html><p>${known ? "post" : "não encontrado"}</p>`, {
        status: known ? 200 : 404,
        headers: { "Content-Type": "text/html; charset=utf-8" },
      });
    },
  });
  const app = express();
  app.use(unmatchedPathsToNotFound(() => answer));
  app.use(cache.serveHits);
  app.use(cache.renderMisses);
  app.use((req, res) => {
    routed.push(req.originalUrl);
    res.status(404).send("rendered by the router");
  });
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, renders, routed, generation };
}

describe("unknown ids are answered without a render each", () => {
  it("answers any number of unknown projects and services from one render per route and language", async () => {
    const { origin, renders, routed } = await edge(async () => keys);
    for (let i = 0; i < 20; i++) {
      for (const path of [`/projects/nope-${i}`, `/en/projects/nope-${i}?x=${i}`, `/services/nope-${i}`]) {
        const response = await fetch(`${origin}${path}`);
        expect(response.status, path).toBe(404);
      }
    }
    expect(renders.sort()).toEqual(["/en/projects/~", "/projects/~", "/services/~"]);
    expect(routed).toEqual([]);
    const company = await fetch(`${origin}/en/companies/nope`, { redirect: "manual" });
    expect(company.status).toBe(302);
    expect(company.headers.get("location")).toBe("/en/companies");
    expect(routed).toEqual([]);
  });

  it("answers unknown slugs and tags from one render, with one query of the keys", async () => {
    let queries = 0;
    const { origin, renders, routed } = await edge(async () => {
      queries++;
      return keys;
    });
    // The first request starts loading the keys (and is looked up as before); the rest are handed over.
    await fetch(`${origin}/blog/warm-up`);
    await new Promise((resolve) => setTimeout(resolve, 10));
    renders.length = 0;
    for (let i = 0; i < 30; i++) {
      for (const path of [
        `/blog/nope-${i}`,
        `/blog/nope-${i}?utm=${i}`,
        `/blog/tag/nope-${i}`,
        `/en/blog/x-${i}.data`,
      ]) {
        expect((await fetch(`${origin}${path}`)).status, path).toBe(404);
      }
    }
    expect(renders.sort()).toEqual(["/blog/tag/~", "/blog/~", "/en/blog/~.data"]);
    expect(routed).toEqual([]);
    expect(queries).toBe(1);
    expect((await fetch(`${origin}/blog/ola-mundo`)).status).toBe(200);
  });

  it("shows a post published afterwards at once: a write reloads the keys, and renders until they are loaded", async () => {
    const stored = { slugs: new Set(keys.slugs), tags: keys.tags };
    const { origin, generation } = await edge(async () => stored);
    await fetch(`${origin}/blog/novo-post`);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect((await fetch(`${origin}/blog/novo-post`)).status).toBe(404);
    // Published: the write bumps the generation, as createPost does.
    stored.slugs.add("novo-post");
    generation.value++;
    expect((await fetch(`${origin}/blog/novo-post`)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect((await fetch(`${origin}/blog/novo-post`)).status).toBe(200);
  });

  it("renders as before when the keys cannot be loaded, and asks again only once a second", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    let queries = 0;
    const { origin, renders } = await edge(async () => {
      queries++;
      throw new Error("database down");
    });
    for (let i = 0; i < 3; i++) expect((await fetch(`${origin}/blog/nope-${i}`)).status).toBe(404);
    expect(renders).toEqual(["/blog/nope-0", "/blog/nope-1", "/blog/nope-2"]);
    expect(queries).toBe(1);
    expect(logged).toHaveBeenCalledTimes(1);
    logged.mockRestore();
  });
});
