/**
 * The seams between the first-paint machinery (app/first-paint/) and React
 * Router, held to React Router's own output: real pages of the site (the
 * app's root, routes and server entry) rendered by React Router's request
 * handler, as a production server or the prerenderer renders them. Only the
 * asset manifest is written here (the build writes it from the bundles); every
 * tag, script and data answer is React Router's and React's. (The build also
 * hands each route's component its loader data as props; `withRouteProps`
 * does the same here, with React Router's public hooks.) A React Router or
 * React upgrade that changes the markup the HTML rewrite relies on (its module
 * preloads, its module script, its inline scripts, its stylesheet link) or
 * its data requests fails here, not on a phone.
 */
import { createHash } from "node:crypto";
import { type ComponentType, createElement } from "react";
import {
  createRequestHandler,
  RouterContextProvider,
  type ServerBuild,
  useActionData,
  useLoaderData,
  useMatches,
  useParams,
} from "react-router";
import { decode } from "turbo-stream";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { HELD_CLASSIC_SCRIPT_TYPE, HELD_PRELOAD_REL, HELD_SCRIPT_TYPE } from "~/first-paint/held-hydration.ts";
import { moveHeldScripts } from "~/first-paint/held-scripts.server.ts";
import { headScript, pageScriptLoader } from "~/first-paint/inline-scripts.ts";
import { siteIconLink } from "~/first-paint/page-html.server.ts";
import { DATA_CONTENT_TYPE, dataPathOf, isDataRequest, pagePathOf } from "~/lib/data-request.ts";
import { cacheableRenderContext, servedRequestContext } from "~/server/request-context.server.ts";
import { inlineScriptHashes } from "../../http-server/static-pages.ts";

type RouteModule = NonNullable<ServerBuild["routes"][string]>["module"];
type Manifest = ServerBuild["assets"];

/** Production: the root loads the built page script, the server draws icons from the page. */
vi.stubEnv("DEV", false);
vi.stubEnv("PROD", true);

const asset = (name: string) => `/assets/${name}-contract.js`;
const STYLESHEET = "/assets/root-contract.css";
/** The shared chunks every page preloads (framework, app shell), as the build names them. */
const SHARED_IMPORTS = [asset("framework"), asset("app-shell")];

/** The routes rendered here: the home page, a page with a loader, and a screen that hydrates at once. */
const PAGE_ROUTES = ["pt:home", "pt:about"] as const;
const AT_ONCE_ROUTE = "contract:at-once";

/** A route module as the build hands it to React Router: its component gets the route's data as props. */
function withRouteProps(module: object): RouteModule {
  const Component = (module as { default: ComponentType<Record<string, unknown>> }).default;
  // biome-ignore lint/correctness/noComponentHookFactories: made once per route module, as the build's own wrapper is
  function RouteComponent() {
    const props = {
      params: useParams(),
      loaderData: useLoaderData(),
      actionData: useActionData(),
      matches: useMatches(),
    };
    return createElement(Component as ComponentType<typeof props>, props);
  }
  return { ...module, default: RouteComponent } as unknown as RouteModule;
}

/** A route of the asset manifest for a module, with what React Router reads of its exports. */
function manifestRoute(id: string, path: string, module: RouteModule, parentId?: string) {
  return {
    id,
    path,
    ...(parentId ? { parentId } : {}),
    module: asset(id.replace(/\W/g, "-")),
    imports: SHARED_IMPORTS,
    css: parentId ? [] : [STYLESHEET],
    hasLoader: "loader" in module,
    hasAction: "action" in module,
    hasClientLoader: "clientLoader" in module,
    hasClientAction: "clientAction" in module,
    hasClientMiddleware: "clientMiddleware" in module,
    hasErrorBoundary: "ErrorBoundary" in module,
    clientActionModule: undefined,
    clientLoaderModule: undefined,
    clientMiddlewareModule: undefined,
    hydrateFallbackModule: undefined,
  };
}

let build: ServerBuild;
let handle: ReturnType<typeof createRequestHandler>;
/** What the root's loader of the page script is built with here (Vite's address of the worker file). */
let pageScriptSrc: string;

beforeAll(async () => {
  const root = withRouteProps(await import("~/root.tsx"));
  const entry = await import("~/entry.server.tsx");
  const config = (await import("~/routes.ts")).default;
  pageScriptSrc = (await import("~/first-paint/page-script/enhance.ts?worker&url")).default;
  const routes: ServerBuild["routes"] = { root: { id: "root", path: "", module: root } };
  const manifestRoutes: Manifest["routes"] = { root: manifestRoute("root", "", root) };
  for (const id of PAGE_ROUTES) {
    const route = config.find((candidate) => candidate.id === id);
    if (!route?.path) throw new Error(`app/routes.ts has no route ${id}`);
    const module = withRouteProps(await import(/* @vite-ignore */ `../../app/${route.file}`));
    routes[id] = { id, parentId: "root", path: route.path, module };
    manifestRoutes[id] = manifestRoute(id, route.path, module, "root");
  }
  // A screen of controls (the admin's kind): its hydration code loads at once.
  const atOnce = { default: () => null, handle: { hydrateAtOnce: true } } as unknown as RouteModule;
  routes[AT_ONCE_ROUTE] = { id: AT_ONCE_ROUTE, parentId: "root", path: "/contract-at-once", module: atOnce };
  manifestRoutes[AT_ONCE_ROUTE] = manifestRoute(AT_ONCE_ROUTE, "/contract-at-once", atOnce, "root");
  build = {
    entry: { module: entry },
    routes,
    assets: {
      entry: { module: asset("entry.client"), imports: SHARED_IMPORTS },
      routes: manifestRoutes,
      url: asset("manifest"),
      version: "contract",
    },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  };
  handle = createRequestHandler(build, "production");
});

type RenderedAs = "prerendered" | "served" | "cached";

/** A page as React Router renders it: into a file (prerendered), for one response (served) or for the response cache. */
async function render(path: string, as: RenderedAs = "prerendered") {
  const context = new RouterContextProvider();
  context.set(servedRequestContext, as === "served");
  context.set(cacheableRenderContext, as === "cached");
  const response = await handle(new Request(`http://site.test${path}`), context);
  expect(response.status, path).toBe(200);
  return { response, html: await response.text() };
}

interface ScriptElement {
  tag: string;
  body: string;
  at: number;
}

/** Every `<script>` element of a page, with its start tag, its text and where it starts. */
function scriptsOf(html: string): ScriptElement[] {
  const scripts: ScriptElement[] = [];
  let at = html.indexOf("<script");
  while (at !== -1) {
    const tagEnd = html.indexOf(">", at);
    const end = html.indexOf("</script>", tagEnd);
    scripts.push({ tag: html.slice(at, tagEnd + 1), body: html.slice(tagEnd + 1, end), at });
    at = html.indexOf("<script", end);
  }
  return scripts;
}

const typeOf = (script: ScriptElement) => /\stype="([^"]*)"/.exec(script.tag)?.[1];
const isHeld = (script: ScriptElement) =>
  typeOf(script) === HELD_CLASSIC_SCRIPT_TYPE || typeOf(script) === HELD_SCRIPT_TYPE;
const isDataBlock = (script: ScriptElement) => typeOf(script) === "application/ld+json";
/** Scripts the browser runs as the page loads: neither held nor data. */
const runsAtOnce = (script: ScriptElement) => !isHeld(script) && !isDataBlock(script);
const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

describe.each(PAGE_ROUTES.map((id) => [id, id === "pt:home" ? "/" : "/about"] as const))(
  "a page to read (%s) as React Router renders it",
  (_, path) => {
    it("holds its module preloads, its module script and its classic scripts until the first interaction", async () => {
      const { html } = await render(path);
      expect(html).not.toMatch(/rel="modulepreload"/);
      const held = [...html.matchAll(new RegExp(`<link rel="${HELD_PRELOAD_REL}" href="([^"]+)"`, "g"))].map(
        ([, href]) => href,
      );
      // Every module React Router preloads for the page, held: the entry, the shared chunks, each route's module.
      expect(held).toEqual(expect.arrayContaining([asset("entry.client"), ...SHARED_IMPORTS, asset("root")]));

      const scripts = scriptsOf(html);
      expect(scripts.filter((script) => /\stype="module"/.test(script.tag))).toEqual([]);
      const modules = scripts.filter((script) => typeOf(script) === HELD_SCRIPT_TYPE);
      expect(modules).toHaveLength(1);
      // The module script imports the client entry; held, it is a data block: no `async`, no `src`.
      expect(modules[0]?.body).toContain(asset("entry.client"));
      expect(modules[0]?.tag).not.toMatch(/\s(?:async|src)[\s=>]/);

      const classic = scripts.filter((script) => typeOf(script) === HELD_CLASSIC_SCRIPT_TYPE);
      expect(classic.map((script) => script.body).join("\n")).toContain("window.__reactRouterContext");
      // What runs as the page loads: the head script and the page script's loader, nothing else.
      expect(scripts.filter(runsAtOnce).map((script) => script.body)).toEqual([
        headScript,
        pageScriptLoader(pageScriptSrc),
      ]);
      for (const script of scripts.filter(runsAtOnce)) expect(script.tag).toMatch(/\sdata-at-once=""/);
    });

    it("starts with the site icon and both inline scripts before the stylesheet, and runs no script after it", async () => {
      const { html } = await render(path);
      const head = html.slice(html.indexOf("<head>"), html.indexOf("</head>"));
      expect(head.startsWith(`<head>${siteIconLink}`)).toBe(true);
      expect(siteIconLink).toMatch(/href="data:image\/svg\+xml,/);
      const stylesheet = html.search(new RegExp(`<link rel="stylesheet" href="${STYLESHEET}"`));
      expect(stylesheet).toBeGreaterThan(0);
      expect(stylesheet).toBeLessThan(head.length + html.indexOf("<head>"));
      const scripts = scriptsOf(html);
      const [first, second] = scripts;
      expect(first?.body).toBe(headScript);
      expect(second?.body).toBe(pageScriptLoader(pageScriptSrc));
      expect(second?.at).toBeLessThan(stylesheet);
      // Decision 038: a script the browser runs after the stylesheet would wait for it, and hold the parser.
      expect(scripts.filter((script) => script.at > stylesheet && runsAtOnce(script))).toEqual([]);
    });

    it.each(["prerendered", "cached"] as const)(
      "as a %s page, has every script it runs, now or once released, allowed by the hashes of its CSP",
      async (as) => {
        const { html } = await render(path, as);
        const scripts = scriptsOf(html).filter((script) => !isDataBlock(script) && script.body.trim() !== "");
        expect(scripts.length).toBeGreaterThan(3);
        expect(html).not.toMatch(/\snonce="[^"]/);
        const allowed = new Set(inlineScriptHashes(html));
        for (const script of scripts) expect(allowed, script.tag).toContain(sha256(script.body));
      },
    );

    it("as a served page, has every script it runs, now or once released, carry the response's nonce", async () => {
      const { response, html } = await render(path, "served");
      const nonce = /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1];
      expect(nonce).toBeTruthy();
      const scripts = scriptsOf(html).filter((script) => !isDataBlock(script));
      expect(scripts.length).toBeGreaterThan(3);
      for (const script of scripts) expect(script.tag).toContain(` nonce="${nonce}"`);
    });

    it("moves its held scripts into two files at build time, leaving the page only what runs at once", async () => {
      const { html } = await render(path);
      const moved = moveHeldScripts(html);
      expect(moved?.files).toHaveLength(2);
      expect(moved?.files[0]?.code).toContain("window.__reactRouterContext");
      expect(moved?.files[1]?.code).toContain(asset("entry.client"));
      const left = scriptsOf(moved?.html ?? "");
      expect(left.filter((script) => isHeld(script) && script.body !== "")).toEqual([]);
      expect(left.filter((script) => /\sdata-src="\/assets\/held-[\w-]{12}\.js"/.test(script.tag))).toHaveLength(2);
      expect(left.filter((script) => !isDataBlock(script) && script.body !== "").map((script) => script.body)).toEqual([
        headScript,
        pageScriptLoader(pageScriptSrc),
      ]);
    });
  },
);

describe("a screen that hydrates at once, as React Router renders it", () => {
  it("keeps React Router's module preloads and module script as they are", async () => {
    const { html } = await render("/contract-at-once");
    expect(html).toMatch(new RegExp(`<link rel="modulepreload" href="${asset("entry.client")}"`));
    expect(html).not.toContain(HELD_PRELOAD_REL);
    expect(html).not.toContain(HELD_SCRIPT_TYPE);
    expect(html).not.toContain(HELD_CLASSIC_SCRIPT_TYPE);
    const modules = scriptsOf(html).filter((script) => /\stype="module"/.test(script.tag));
    expect(modules.map((script) => script.body).join("\n")).toContain(asset("entry.client"));
  });
});

describe("React Router's data requests", () => {
  it.each([
    ["/about", "pt:about"],
    ["/", "pt:home"],
  ])("%s: its data is at dataPathOf(page), answered as turbo-stream", async (page, routeId) => {
    const path = dataPathOf(page);
    expect(isDataRequest(path)).toBe(true);
    expect(pagePathOf(path)).toBe(page);
    const { response } = await handleData(path);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe(DATA_CONTENT_TYPE);
    const { value } = await decode(response.body as ReadableStream<Uint8Array>);
    expect(value).toHaveProperty([routeId, "data"]);
  });
});

/** A data request as React Router's client makes it. */
function handleData(path: string) {
  return handle(new Request(`http://site.test${path}`), new RouterContextProvider()).then((response) => ({
    response,
  }));
}
