/**
 * The sign-in service end to end against the fake GitHub, on PGlite, without
 * a browser: what the callback checks and which cookies it sets.
 */
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authorContext, requireAuthor } from "../../app/server/auth/guard.server.ts";
import { createSession, hashToken, SESSION_TTL_MS } from "../../app/server/auth/session.server.ts";
import { createAuthSettings } from "../../app/server/auth/settings.server.ts";
import { finishSignIn, signOut, startSignIn } from "../../app/server/auth/sign-in.server.ts";
import type { OpenDatabase } from "../../app/server/db/client.server.ts";
import { sessions, users } from "../../app/server/db/schema.ts";
import { servicesContext } from "../../app/server/request-context.server.ts";
import type { AppServices } from "../../app/server/services.server.ts";
import { localDiskStorage } from "../../app/server/uploads/storage.server.ts";
import { fakeClientId, fakeClientSecret } from "../../tools/fake-github/accounts.ts";
import { startFakeGitHub } from "../../tools/fake-github/server.ts";
import { limit } from "../harness/host-speed.ts";
import { engines } from "./helpers/databases.ts";

const SITE = "https://site.example";
let database: OpenDatabase;
let github: Awaited<ReturnType<typeof startFakeGitHub>>;

function services(overrides: { clientId?: string; rateLimit?: number } = {}): AppServices {
  return {
    db: database.db,
    auth: createAuthSettings({
      publicUrl: SITE,
      github: {
        clientId: overrides.clientId ?? fakeClientId,
        clientSecret: fakeClientSecret,
        url: github.url,
        apiUrl: github.url,
      },
      authorLogins: ["Rafael-Werneck", "ana-autora"],
      signInRateLimit: overrides.rateLimit ?? 100,
    }),
    // Sign-in never touches uploads; a storage that is never written to.
    uploads: localDiskStorage(path.join(tmpdir(), "portfolio-sign-in-uploads")),
  };
}

const setCookies = (response: Response) => response.headers.getSetCookie();
const cookieHeader = (response: Response) =>
  setCookies(response)
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
const flashOf = (response: Response) => {
  const raw = setCookies(response).find((cookie) => cookie.startsWith("flash="));
  return raw ? JSON.parse(decodeURIComponent(raw.slice(6).split(";")[0] ?? "")) : undefined;
};

/** Runs the flow up to GitHub's redirect back, choosing `login` on the consent page. */
async function throughGitHub(app: AppServices, login: string, lang: "pt" | "en" = "pt") {
  const start = await startSignIn(lang, "203.0.113.1", app);
  const authorize = new URL(start.headers.get("Location") ?? "");
  const form = new URLSearchParams({ login });
  for (const name of ["redirect_uri", "state", "code_challenge"])
    form.set(name, authorize.searchParams.get(name) ?? "");
  const consent = await fetch(authorize, { method: "POST", body: form, redirect: "manual" });
  return { start, authorize, callback: consent.headers.get("Location") ?? "" };
}

beforeAll(async () => {
  const pglite = engines.find((engine) => engine.name === "pglite");
  database = (await (pglite ?? engines[0])?.open()) as OpenDatabase;
  github = await startFakeGitHub();
}, limit(60_000));
afterAll(async () => {
  await github?.close();
  await database?.close();
});

describe("starting sign-in", () => {
  it("sends the browser to GitHub with state, PKCE (S256) and the profile and e-mail scopes", async () => {
    const response = await startSignIn("en", "203.0.113.1", services());
    expect(response.status).toBe(303);
    const url = new URL(response.headers.get("Location") ?? "");
    expect(`${url.origin}${url.pathname}`).toBe(`${github.url}/login/oauth/authorize`);
    expect(url.searchParams.get("redirect_uri")).toBe(`${SITE}/auth/github/callback`);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("scope")).toBe("read:user user:email");
    expect(url.searchParams.get("state")).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const stateCookie = setCookies(response)[0] ?? "";
    expect(stateCookie).toMatch(/^github_oauth=.+\.en; Path=\/auth\/github; Max-Age=600/);
    expect(stateCookie).toContain("HttpOnly; Secure; SameSite=Lax");
  });

  it("explains that sign-in is not configured when GitHub credentials are missing", async () => {
    const app = services();
    const response = await startSignIn("pt", "203.0.113.1", { ...app, auth: { ...app.auth, github: null } });
    expect(response.headers.get("Location")).toBe("/");
    expect(flashOf(response)).toEqual({ type: "error", key: "notConfigured" });
  });

  it("limits sign-in attempts per IP address: 429, Retry-After and a page in the visitor's language", async () => {
    const app = services({ rateLimit: 2 });
    await startSignIn("pt", "198.51.100.7", app);
    await startSignIn("pt", "198.51.100.7", app);
    const refused = await startSignIn("en", "198.51.100.7", app);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(Number(refused.headers.get("Retry-After"))).toBeLessThanOrEqual(15 * 60);
    expect(refused.headers.get("Content-Type")).toContain("text/html");
    const page = await refused.text();
    expect(page).toContain('<html lang="en">');
    expect(page).toContain("Too many sign-in attempts. Try again in a few minutes");
    const pt = await startSignIn("pt", "198.51.100.7", app);
    expect(pt.status).toBe(429);
    expect(await pt.text()).toContain("Muitas tentativas de login. Tente de novo em alguns minutos");
    expect((await startSignIn("pt", "198.51.100.8", app)).headers.get("Location")).toContain("/login/oauth/authorize");
  });
});

describe("finishing sign-in", () => {
  it("counts the callback too: over the limit, 429 in the language the sign-in began in, the state cookie cleared", async () => {
    const app = services({ rateLimit: 1 });
    const { start, callback } = await throughGitHub(app, "rafael-werneck", "en");
    const refused = await finishSignIn(
      new Request(callback, { headers: { Cookie: cookieHeader(start) } }),
      "203.0.113.1",
      app,
    );
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await refused.text()).toContain("Too many sign-in attempts");
    expect(setCookies(refused).some((cookie) => /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(cookie))).toBe(true);
    expect(setCookies(refused).some((cookie) => cookie.includes("session=") && !cookie.includes("=;"))).toBe(false);
  });

  it("signs an allowed author in: user saved, only the token's hash stored, cookies set", async () => {
    const app = services();
    const { start, callback } = await throughGitHub(app, "rafael-werneck", "en");
    const response = await finishSignIn(new Request(callback, { headers: { Cookie: cookieHeader(start) } }), "ip", app);
    expect(response.headers.get("Location")).toBe("/en");
    const cookies = setCookies(response);
    const session = cookies.find((cookie) => cookie.startsWith("__Host-session=")) ?? "";
    const maxAge = Number(/Max-Age=(\d+)/.exec(session)?.[1]);
    expect(maxAge).toBeGreaterThan(SESSION_TTL_MS / 1000 - 60);
    expect(session).toMatch(/; Path=\/; .*HttpOnly; Secure; SameSite=Lax$/);
    expect(session).not.toContain("Domain=");
    expect(cookies.find((cookie) => cookie.startsWith("signed_in=1"))).not.toContain("HttpOnly");
    expect(cookies.find((cookie) => cookie.startsWith("github_oauth="))).toContain("Max-Age=0");

    const token = session.slice("__Host-session=".length).split(";")[0] ?? "";
    const [user] = await database.db.select().from(users).where(eq(users.login, "rafael-werneck"));
    expect(user).toMatchObject({ githubId: 1001, name: "Rafael Werneck", email: "rafael@example.com" });
    const stored = await database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, user?.id ?? ""));
    expect(stored.map((row) => row.id)).toEqual([hashToken(token)]);
  });

  it("refuses an account outside AUTHOR_GITHUB_LOGINS and keeps no trace of it", async () => {
    const app = services();
    const { start, callback } = await throughGitHub(app, "visitante");
    const response = await finishSignIn(new Request(callback, { headers: { Cookie: cookieHeader(start) } }), "ip", app);
    expect(flashOf(response)).toEqual({ type: "error", key: "notAllowed" });
    expect(setCookies(response).some((cookie) => cookie.includes("session="))).toBe(false);
    expect(await database.db.select().from(users).where(eq(users.login, "visitante"))).toEqual([]);
  });

  it("refuses a callback without the browser's state cookie (a forged or replayed link)", async () => {
    const app = services();
    const { callback } = await throughGitHub(app, "ana-autora");
    const response = await finishSignIn(new Request(callback), "ip", app);
    expect(flashOf(response)).toEqual({ type: "error", key: "loginError" });
  });

  it("shows GitHub's own message when the token endpoint refuses the code", async () => {
    const app = services({ clientId: fakeClientId });
    const { start, callback } = await throughGitHub(app, "ana-autora");
    const wrong = new URL(callback);
    wrong.searchParams.set("code", "expired");
    const response = await finishSignIn(new Request(wrong, { headers: { Cookie: cookieHeader(start) } }), "ip", app);
    expect(flashOf(response)).toEqual({
      type: "error",
      key: "loginError",
      text: "The code passed is incorrect or expired.",
    });
  });

  it("refuses a code exchanged without the PKCE verifier it was issued for", async () => {
    const app = services();
    const first = await throughGitHub(app, "ana-autora");
    const second = await startSignIn("pt", "ip", app);
    // The state of flow one with the verifier of flow two: GitHub must refuse it.
    const mixed = cookieHeader(second).replace(
      /github_oauth=[^.]+/,
      `github_oauth=${new URL(first.callback).searchParams.get("state")}`,
    );
    const response = await finishSignIn(new Request(first.callback, { headers: { Cookie: mixed } }), "ip", app);
    expect(flashOf(response)?.text).toBe("The code_verifier does not match the code_challenge.");
  });
});

describe("the admin guard and sign-out", () => {
  /** The guard as a route's middleware runs it, with the server's services in the request's context. */
  async function guard(cookie: string, path = "/admin/blog", app = services()) {
    const context = new RouterContextProvider();
    context.set(servicesContext, app);
    const request = new Request(`${SITE}${path}`, { headers: { Cookie: cookie } });
    const next = async () => new Response("admin page");
    try {
      const response = await requireAuthor(
        { request, context, params: {}, unstable_pattern: "", url: new URL(request.url) } as never,
        next,
      );
      return { response: response as Response, context };
    } catch (thrown) {
      return { response: thrown as Response, context };
    }
  }

  it("lets an author through with their user in the context", async () => {
    const [user] = await database.db.select().from(users).where(eq(users.login, "rafael-werneck"));
    const { token } = await createSession(database.db, user?.id ?? "");
    const { response, context } = await guard(`__Host-session=${token}`);
    expect(await response.text()).toBe("admin page");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(context.get(authorContext).login).toBe("rafael-werneck");
  });

  it("over https, takes the session only from its __Host- cookie, which no subdomain or plain-HTTP page can set", async () => {
    const [user] = await database.db.select().from(users).where(eq(users.login, "rafael-werneck"));
    const { token } = await createSession(database.db, user?.id ?? "");
    expect((await guard(`session=${token}`)).response.status).toBe(302);
  });

  it("sends a visitor home with the sign-in-required toast, in their language", async () => {
    const { response } = await guard("", "/en/admin/blog");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/en");
    expect(flashOf(response)).toEqual({ type: "error", key: "loginRequired" });
  });

  it("refuses an expired session, deletes it and clears the browser's cookies", async () => {
    const [user] = await database.db.select().from(users).where(eq(users.login, "rafael-werneck"));
    const { token } = await createSession(database.db, user?.id ?? "", new Date(Date.now() - SESSION_TTL_MS - 1000));
    const { response } = await guard(`__Host-session=${token}; signed_in=1`);
    expect(response.headers.get("Location")).toBe("/");
    expect(
      setCookies(response)
        .filter((cookie) => cookie.includes("Max-Age=0"))
        .map((c) => c.split("=")[0]),
    ).toEqual(["__Host-session", "signed_in"]);
    expect(
      await database.db
        .select()
        .from(sessions)
        .where(eq(sessions.id, hashToken(token))),
    ).toEqual([]);
  });

  it("ends the session of an author removed from AUTHOR_GITHUB_LOGINS", async () => {
    const app = services();
    const removed = { ...app, auth: { ...app.auth, authorLogins: ["ana-autora"] } };
    const [user] = await database.db.select().from(users).where(eq(users.login, "rafael-werneck"));
    const { token } = await createSession(database.db, user?.id ?? "");
    expect((await guard(`__Host-session=${token}`, "/admin/blog", removed)).response.status).toBe(302);
    expect(
      await database.db
        .select()
        .from(sessions)
        .where(eq(sessions.id, hashToken(token))),
    ).toEqual([]);
  });

  it("signs out: deletes the session server-side, clears cookies, toasts success", async () => {
    const app = services();
    const [user] = await database.db.select().from(users).where(eq(users.login, "rafael-werneck"));
    const { token } = await createSession(database.db, user?.id ?? "");
    const response = await signOut(
      new Request(`${SITE}/auth/logout`, { headers: { Cookie: `__Host-session=${token}` } }),
      "pt",
      app,
    );
    expect(response.headers.get("Location")).toBe("/");
    expect(flashOf(response)).toEqual({ type: "success", key: "logoutSuccess" });
    expect(
      await database.db
        .select()
        .from(sessions)
        .where(eq(sessions.id, hashToken(token))),
    ).toEqual([]);
  });
});
