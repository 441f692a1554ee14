/**
 * Per-request values the Express server hands to React Router through
 * `getLoadContext`. Each context is a `singleton`, so the server's copy of
 * this module and the SSR bundle's copy share one.
 */
import { createContext, type RouterContext, type RouterContextProvider } from "react-router";
import { singleton } from "../lib/singleton.ts";
import type { AppServices } from "./services.server.ts";

/** The context named `name`, created once per process whichever copy of this module asks first. */
function sharedContext<T>(name: string, defaultValue: T): RouterContext<T> {
  return singleton(name, () => createContext<T>(defaultValue));
}

/** The client's IP address as Express sees it (proxies trusted per `trust proxy`). */
export const clientIpContext = sharedContext<string>("clientIpContext", "unknown");

/**
 * True when the page answers a request the server is serving; false when the
 * build prerenders it into a file. A file's inline scripts are allowed by
 * their hashes (http-server/static-pages.ts), so it carries no nonce.
 */
export const servedRequestContext = sharedContext<boolean>("servedRequestContext", false);

/**
 * True when the server renders a page for its response cache: the document
 * is then rendered whole and without a nonce, since one body serves many
 * responses, and the cache gives it a CSP made of its inline scripts' hashes.
 */
export const cacheableRenderContext = sharedContext<boolean>("cacheableRenderContext", false);

/**
 * The sanitized body of the article a document request renders, set by the
 * article's loader and read by the server's render (see `ArticleHtmlContext`);
 * empty for every other request.
 */
export const articleHtmlContext = sharedContext<string>("articleHtmlContext", "");

/**
 * The services of the server answering a request, handed to every loader,
 * action and middleware through React Router's context (set by
 * `http-server/app.ts` for each request and each cached render). Absent only
 * while the build prerenders pages, which read no database.
 */
export const servicesContext = sharedContext<AppServices | null>("servicesContext", null);

/** The request's services, or undefined while the build prerenders. */
export function servicesIfServing(context: Readonly<RouterContextProvider>): AppServices | undefined {
  return context.get(servicesContext) ?? undefined;
}

/** The request's services; a route that needs the database is never prerendered. */
export function servicesOf(context: Readonly<RouterContextProvider>): AppServices {
  const value = context.get(servicesContext);
  if (!value) throw new Error("No server services in this request's context: runtime/serve.ts hands them to createApp");
  return value;
}
