/**
 * Who is signed in, and the guard of every admin route and API. Routes add
 * `export const middleware = [requireAuthor]` and read the author with
 * `context.get(authorContext)`; a visitor never reaches their loaders or
 * actions.
 */
import { createContext, type MiddlewareFunction, redirect } from "react-router";
import "../../i18n/all.ts";
import { dictionaryFor } from "../../i18n/index.ts";
import { langFromPath, langFromQuery, localizePath } from "../../i18n/paths.ts";
import type { User } from "../db/schema.ts";
import { servicesOf } from "../request-context.server.ts";
import type { AppServices } from "../services.server.ts";
import { clearSessionCookies, flashCookie, readSessionToken, sessionCookies } from "./cookies.server.ts";
import { invalidateSession, type ValidSession, validateSession } from "./session.server.ts";
import { isAllowedAuthor } from "./settings.server.ts";

/** The signed-in author of the request, set by `requireAuthor`. */
export const authorContext = createContext<User>();

/**
 * The request's valid session, or null. An author removed from
 * AUTHOR_GITHUB_LOGINS loses their sessions at their next request.
 */
export async function authenticate(request: Request, app: AppServices): Promise<ValidSession | null> {
  const token = readSessionToken(request, app.auth.secureCookies);
  if (!token) return null;
  const session = await validateSession(app.db, token);
  if (!session) return null;
  if (isAllowedAuthor(app.auth, session.user.login)) return session;
  await invalidateSession(app.db, token);
  return null;
}

/** The Set-Cookie values that carry a renewed expiry to the browser, if it moved. */
export function renewalCookies(request: Request, session: ValidSession, app: AppServices): string[] {
  const token = readSessionToken(request, app.auth.secureCookies);
  if (!session.renewed || !token) return [];
  return sessionCookies(token, session.expiresAt, app.auth.secureCookies);
}

/** Route middleware: a visitor is sent home with the sign-in-required toast; an author passes. */
export const requireAuthor: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const app = servicesOf(context);
  const session = await authenticate(request, app);
  if (!session) {
    const lang = langFromPath(new URL(request.url).pathname);
    const headers = new Headers({ "Cache-Control": "no-store" });
    for (const cookie of clearSessionCookies(app.auth.secureCookies)) headers.append("Set-Cookie", cookie);
    headers.append("Set-Cookie", flashCookie({ type: "error", key: "loginRequired" }, app.auth.secureCookies));
    throw redirect(localizePath("/", lang), { headers });
  }
  context.set(authorContext, session.user);
  const response = await next();
  for (const cookie of renewalCookies(request, session, app)) response.headers.append("Set-Cookie", cookie);
  // Admin pages are personal: never cached by the browser or a proxy.
  response.headers.set("Cache-Control", "private, no-store");
  return response;
};

/**
 * Route middleware of admin endpoints that scripts call (uploads, previews):
 * a visitor gets 401 with a JSON error in the language of `?lang=`, never a
 * redirect or any data.
 */
export const requireAuthorForApi: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const app = servicesOf(context);
  const session = await authenticate(request, app);
  if (!session) {
    const lang = langFromQuery(request.url);
    throw Response.json(
      { error: dictionaryFor(lang).auth.loginRequired },
      { status: 401, headers: { "Cache-Control": "no-store" } },
    );
  }
  context.set(authorContext, session.user);
  const response = await next();
  for (const cookie of renewalCookies(request, session, app)) response.headers.append("Set-Cookie", cookie);
  response.headers.set("Cache-Control", "private, no-store");
  return response;
};
