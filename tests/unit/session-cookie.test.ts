import { describe, expect, it } from "vitest";
import { readSessionToken, sessionCookieName, sessionCookies } from "~/server/auth/cookies.server.ts";

const token = "a".repeat(43);
const request = (cookie: string) => new Request("http://site/admin/blog", { headers: { Cookie: cookie } });

describe("the session cookie", () => {
  it("is __Host-session over https and session over plain HTTP", () => {
    expect(sessionCookieName(true)).toBe("__Host-session");
    expect(sessionCookieName(false)).toBe("session");
    const [secure] = sessionCookies(token, new Date(Date.now() + 60_000), true);
    expect(secure).toMatch(/^__Host-session=a{43}; Path=\/; .*HttpOnly; Secure; SameSite=Lax$/);
    // The __Host- prefix holds only with Secure, Path=/ and no Domain: a browser refuses the cookie otherwise.
    expect(secure).not.toMatch(/Domain=/i);
    for (const cookie of sessionCookies(token, new Date(Date.now() + 60_000), true))
      expect(cookie).toContain("; Secure");
    const [plain] = sessionCookies(token, new Date(Date.now() + 60_000), false);
    expect(plain).toMatch(/^session=a{43}; Path=\/; /);
    expect(plain).not.toContain("Secure");
  });

  it("is read only under the name of the site's scheme", () => {
    expect(readSessionToken(request(`__Host-session=${token}`), true)).toBe(token);
    expect(readSessionToken(request(`session=${token}`), true)).toBeUndefined();
    expect(readSessionToken(request(`session=${token}`), false)).toBe(token);
    expect(readSessionToken(request(`__Host-session=${token}`), false)).toBeUndefined();
  });
});
