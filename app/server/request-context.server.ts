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
