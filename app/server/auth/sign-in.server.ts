/**
 * Sign-in and sign-out, from the button to the redirect back to the site.
 * Every ending is a redirect to the home page in the visitor's language;
 * what happened travels in a flash cookie that page toasts once. A client
 * over the sign-in limit is the exception: 429 with `Retry-After` and a page
 * that says so in the visitor's language (decision 027).
 */
import { redirect } from "react-router";
import { auth as enAuth } from "../../i18n/en/auth.ts";
import { type Lang, localizePath } from "../../i18n/paths.ts";
import { auth as ptAuth } from "../../i18n/pt/auth.ts";
import type { Flash } from "../../lib/auth-cookies.ts";
import { logError, logEvent } from "../log.server.ts";
import type { AppServices } from "../services.server.ts";
import { tooManyRequestsResponse } from "../too-many-requests.server.ts";
import {
  clearOAuthStateCookie,
  clearSessionCookies,
  flashCookie,
  oauthStateCookie,
  readOAuthState,
  readSessionToken,
  sessionCookies,
} from "./cookies.server.ts";
import { createAuthorization, fetchProfile, GitHubSignInError } from "./github.server.ts";
import type { RateLimitResult } from "./rate-limit.server.ts";
import { createSession, invalidateSession } from "./session.server.ts";
import { isAllowedAuthor } from "./settings.server.ts";
import { upsertGitHubUser } from "./users.server.ts";

function home(lang: Lang, cookies: string[]): Response {
  const headers = new Headers({ "Cache-Control": "no-store" });
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return redirect(localizePath("/", lang), { status: 303, headers });
}

function failure(app: AppServices, lang: Lang, flash: Omit<Flash, "type">, extra: string[] = []): Response {
  if (flash.key !== "logoutError")
    logEvent("sign_in_refused", `A sign-in was refused (${flash.key}).`, { reason: flash.key }, "warn");
  return home(lang, [...extra, flashCookie({ type: "error", ...flash }, app.auth.secureCookies)]);
}

const tooManyAttempts: Record<Lang, string> = { pt: ptAuth.tooManyAttempts, en: enAuth.tooManyAttempts };

/** The answer to a client over the sign-in limit: both endpoints are browser navigations, so a page. */
function limited(lang: Lang, limit: RateLimitResult, extra: string[] = []): Response {
  const response = tooManyRequestsResponse({
    lang,
    page: true,
    retryAfterSeconds: limit.retryAfterMs / 1000,
    description: `${tooManyAttempts[lang]}.`,
  });
  for (const cookie of extra) response.headers.append("Set-Cookie", cookie);
  return response;
}

/** POST /auth/github: sends the browser to GitHub's consent page. */
export async function startSignIn(lang: Lang, clientIp: string, app: AppServices): Promise<Response> {
  const { github, secureCookies, signInLimiter } = app.auth;
  if (!github) return failure(app, lang, { key: "notConfigured" });
  const limit = await signInLimiter.consume(clientIp);
  if (!limit.allowed) return limited(lang, limit);
  const { url, state, codeVerifier } = createAuthorization(github);
  return redirect(url.toString(), {
    status: 303,
    headers: {
      "Set-Cookie": oauthStateCookie({ state, codeVerifier, lang }, secureCookies),
      "Cache-Control": "no-store",
    },
  });
}

/** GET /auth/github/callback: checks what GitHub sent back, then signs the author in or says why not. */
export async function finishSignIn(request: Request, clientIp: string, app: AppServices): Promise<Response> {
  const { github, secureCookies, signInLimiter } = app.auth;
  const stored = readOAuthState(request);
  const lang = stored?.lang ?? "pt";
  const clear = [clearOAuthStateCookie(secureCookies)];
  if (!github) return failure(app, lang, { key: "notConfigured" }, clear);
  const limit = await signInLimiter.consume(clientIp);
  if (!limit.allowed) return limited(lang, limit, clear);

  const params = new URL(request.url).searchParams;
  // Only a callback carrying the state we issued to this browser is ours; anything else may be forged.
  if (!stored || params.get("state") !== stored.state) return failure(app, lang, { key: "loginError" }, clear);
  const error = params.get("error");
  if (error) return failure(app, lang, { key: "loginError", text: params.get("error_description") || error }, clear);
  const code = params.get("code");
  if (!code) return failure(app, lang, { key: "loginError" }, clear);

  try {
    const profile = await fetchProfile(github, code, stored.codeVerifier);
    if (!isAllowedAuthor(app.auth, profile.login)) return failure(app, lang, { key: "notAllowed" }, clear);
    const user = await upsertGitHubUser(app.db, profile);
    const session = await createSession(app.db, user.id);
    logEvent("sign_in", "An author signed in.", { userId: user.id });
    return home(lang, [...clear, ...sessionCookies(session.token, session.expiresAt, secureCookies)]);
  } catch (caught) {
    if (!(caught instanceof GitHubSignInError)) logError("Signing in failed:", caught);
    const text = caught instanceof GitHubSignInError ? caught.message : undefined;
    return failure(app, lang, { key: "loginError", ...(text ? { text } : {}) }, clear);
  }
}

/** POST /auth/logout: ends the session in the database, then forgets it in the browser. */
export async function signOut(request: Request, lang: Lang, app: AppServices): Promise<Response> {
  const { secureCookies } = app.auth;
  const token = readSessionToken(request, secureCookies);
  try {
    if (token) await invalidateSession(app.db, token);
  } catch (caught) {
    logError("Signing out failed:", caught);
    return failure(app, lang, { key: "logoutError" });
  }
  return home(lang, [
    ...clearSessionCookies(secureCookies),
    flashCookie({ type: "success", key: "logoutSuccess" }, secureCookies),
  ]);
}
