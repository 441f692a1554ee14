import { describe, expect, it } from "vitest";
import { APPLY_CHOICES_EVENT } from "../../app/first-paint/head-script.ts";
import { headScript } from "../../app/first-paint/inline-scripts.ts";
import { decodeFlash, encodeFlash, readCookie } from "../../app/lib/auth-cookies.ts";
import { RateLimiter } from "../../app/server/auth/rate-limit.server.ts";
import { isSameOriginRequest } from "../../app/server/auth/same-origin.server.ts";
import { createAuthSettings, isAllowedAuthor, signInFormTargets } from "../../app/server/auth/settings.server.ts";
import { missingSignInSettings, readConfig } from "../../config/config.ts";

const SITE = "https://site.example";

describe("isSameOriginRequest", () => {
  it.each([
    ["GET", undefined, "cross-site", true],
    ["POST", SITE, "same-origin", true],
    ["POST", SITE, undefined, true],
    ["POST", undefined, "same-origin", true],
    ["DELETE", "https://evil.example", undefined, false],
    ["POST", SITE, "cross-site", false],
    ["POST", SITE, "same-site", false],
    ["PATCH", "null", undefined, false],
    ["POST", undefined, undefined, false],
    ["PUT", "http://site.example", undefined, false],
  ])("%s from %s (Sec-Fetch-Site %s) -> %s", (method, origin, secFetchSite, expected) => {
    expect(isSameOriginRequest({ method, origin, secFetchSite }, [SITE])).toBe(expected);
  });
});

describe("RateLimiter", () => {
  it("allows the limit per window and key, then tells how long to wait", () => {
    const limiter = new RateLimiter(2, 1000);
    expect(limiter.consume("a", 0).allowed).toBe(true);
    expect(limiter.consume("a", 100).allowed).toBe(true);
    expect(limiter.consume("a", 200)).toEqual({ allowed: false, retryAfterMs: 800 });
    expect(limiter.consume("b", 200).allowed).toBe(true);
    expect(limiter.consume("a", 1000).allowed).toBe(true);
  });
});

describe("sign-in configuration", () => {
  it("defaults to GitHub's public endpoints and names what is missing", () => {
    const config = readConfig({});
    expect(config.github).toEqual({
      clientId: undefined,
      clientSecret: undefined,
      url: "https://github.com",
      apiUrl: "https://api.github.com",
    });
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.databaseUrl).toBeUndefined();
    expect(missingSignInSettings(config)).toEqual(["GITHUB_CLIENT_ID", "GITHUB_CLIENT_SECRET", "AUTHOR_GITHUB_LOGINS"]);
  });

  it("reads an Enterprise server, the allowlist case-insensitively, and refuses a bad URL", () => {
    const config = readConfig({
      GITHUB_URL: "https://git.corp.example/",
      GITHUB_API_URL: "https://git.corp.example/api/v3",
      GITHUB_CLIENT_ID: "id",
      GITHUB_CLIENT_SECRET: "secret",
      AUTHOR_GITHUB_LOGINS: " Rafael-Werneck, ana-autora ,",
      PUBLIC_URL: SITE,
    });
    expect(config.github.url).toBe("https://git.corp.example");
    expect(missingSignInSettings(config)).toEqual([]);
    const settings = createAuthSettings(config);
    expect(settings.github?.redirectUri).toBe(`${SITE}/auth/github/callback`);
    expect(settings.secureCookies).toBe(true);
    expect(isAllowedAuthor(settings, "rafael-werneck")).toBe(true);
    expect(isAllowedAuthor(settings, "visitante")).toBe(false);
    expect(signInFormTargets(settings)).toEqual(["https://git.corp.example"]);
    expect(() => readConfig({ GITHUB_URL: "github.com" })).toThrow('GITHUB_URL: "github.com" is not an http(s) URL');
  });

  it("sends cookies without Secure on a plain-http site, and allows no form target without GitHub", () => {
    const settings = createAuthSettings(readConfig({ PUBLIC_URL: "http://localhost:3000" }));
    expect(settings.secureCookies).toBe(false);
    expect(settings.github).toBeNull();
    expect(signInFormTargets(settings)).toEqual([]);
  });
});

describe("flash and hint cookies", () => {
  it("round-trips a flash message and rejects anything else", () => {
    const flash = { type: "error", key: "loginError", text: "Bad; code=1" } as const;
    expect(decodeFlash(encodeFlash(flash))).toEqual(flash);
    expect(decodeFlash("not-json")).toBeUndefined();
    expect(decodeFlash(encodeURIComponent(JSON.stringify({ type: "info", key: "x" })))).toBeUndefined();
  });

  it("reads one cookie among several", () => {
    expect(readCookie("a=1; signed_in=1; flash=x%3D", "flash")).toBe("x%3D");
    expect(readCookie("not_signed_in=1", "signed_in")).toBeUndefined();
  });

  /** Runs the head script on a stand-in document; its frame and the app's request are the caller's to give. */
  function runHeadScript(cookie: string) {
    const dataset: Record<string, string> = {};
    const classes = new Set<string>();
    let marks = 0;
    let reads = 0;
    const documentElement = {
      dataset,
      classList: {
        add(name: string) {
          marks++;
          classes.add(name);
        },
        toggle(name: string, on: boolean) {
          marks++;
          if (on) classes.add(name);
          else classes.delete(name);
        },
      },
      style: {},
    };
    const listeners = new Map<string, () => void>();
    const document = {
      get cookie() {
        reads++;
        return cookie;
      },
      documentElement,
      querySelector: () => null,
      addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
    };
    const storage = {
      getItem: (key: string) => {
        reads++;
        return key === "theme" ? "dark" : null;
      },
    };
    const frames: (() => void)[] = [];
    new Function("document", "localStorage", "location", "requestAnimationFrame", headScript)(
      document,
      storage,
      { pathname: "/", search: "", hash: "" },
      (callback: () => void) => frames.push(callback),
    );
    return {
      dataset,
      classes,
      marks: () => marks,
      reads: () => reads,
      frame: () => {
        for (const callback of frames) callback();
      },
      appAsks: () => listeners.get(APPLY_CHOICES_EVENT)?.(),
    };
  }

  it("the head script marks the page signed in only for the exact hint cookie, in the first frame", () => {
    const run = (cookie: string) => {
      const page = runHeadScript(cookie);
      // Nothing is read or marked as the parser meets the script; all of it in the first frame.
      expect(page.reads()).toBe(0);
      expect(page.dataset.auth).toBeUndefined();
      expect(page.classes.size).toBe(0);
      page.frame();
      expect(page.classes.has("dark")).toBe(true);
      return page.dataset.auth;
    };
    expect(run("signed_in=1")).toBe("in");
    expect(run("theme=dark; signed_in=1")).toBe("in");
    expect(run("not_signed_in=1")).toBeUndefined();
    expect(run("signed_in=0")).toBeUndefined();
  });

  it("the head script applies the choices at once when the app asks before the first frame, and only once", () => {
    const page = runHeadScript("signed_in=1");
    page.appAsks();
    expect(page.dataset.auth).toBe("in");
    expect(page.classes.has("dark")).toBe(true);
    page.frame();
    page.appAsks();
    expect(page.marks()).toBe(1);
  });
});
