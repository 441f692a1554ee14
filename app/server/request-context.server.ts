/**
 * Per-request values the Express server hands to React Router through
 * `getLoadContext`. The context key is kept on `globalThis` so the server's
 * copy of this module and the SSR bundle's copy share one key.
 */
import { createContext, type RouterContext } from "react-router";

const KEY = Symbol.for("portfolio.clientIpContext");
const store = globalThis as typeof globalThis & { [KEY]?: RouterContext<string> };

/** The client's IP address as Express sees it (proxies trusted per `trust proxy`). */
store[KEY] ??= createContext<string>("unknown");
export const clientIpContext: RouterContext<string> = store[KEY];

const SERVED_KEY = Symbol.for("portfolio.servedRequestContext");
const servedStore = globalThis as typeof globalThis & { [SERVED_KEY]?: RouterContext<boolean> };

/**
 * True when the page answers a request the server is serving; false when the
 * build prerenders it into a file. A file's inline scripts are allowed by
 * their hashes (server/static-pages.ts), so it carries no nonce.
 */
servedStore[SERVED_KEY] ??= createContext<boolean>(false);
export const servedRequestContext: RouterContext<boolean> = servedStore[SERVED_KEY];

const CACHEABLE_KEY = Symbol.for("portfolio.cacheableRenderContext");
const cacheableStore = globalThis as typeof globalThis & { [CACHEABLE_KEY]?: RouterContext<boolean> };

/**
 * True when the server renders a page for its response cache: the document
 * is then rendered whole and without a nonce, since one body serves many
 * responses, and the cache gives it a CSP made of its inline scripts' hashes.
 */
cacheableStore[CACHEABLE_KEY] ??= createContext<boolean>(false);
export const cacheableRenderContext: RouterContext<boolean> = cacheableStore[CACHEABLE_KEY];

const ARTICLE_KEY = Symbol.for("portfolio.articleHtmlContext");
const articleStore = globalThis as typeof globalThis & { [ARTICLE_KEY]?: RouterContext<string> };

/**
 * The sanitized body of the article a document request renders, set by the
 * article's loader and read by the server's render (see `ArticleHtmlContext`);
 * empty for every other request.
 */
articleStore[ARTICLE_KEY] ??= createContext<string>("");
export const articleHtmlContext: RouterContext<string> = articleStore[ARTICLE_KEY];
