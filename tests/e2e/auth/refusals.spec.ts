import type { Page } from "@playwright/test";
import { expect, signInThroughGitHub, test, waitForHydration } from "../fixtures.ts";

/** Starts sign-in and rewrites the fake GitHub's redirect back to the site, as an attacker or a glitch would. */
async function signInWithTamperedCallback(page: Page, tamper: (callback: URL) => void) {
  await page.route("**/login/oauth/authorize?**", async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    const response = await route.fetch({ maxRedirects: 0 });
    const callback = new URL(response.headers().location ?? "");
    tamper(callback);
    await route.fulfill({ status: 302, headers: { location: callback.toString() } });
  });
  await page.goto("/");
  await waitForHydration(page);
  await page.getByRole("banner").getByRole("button", { name: "Login" }).click();
  await page.getByRole("button", { name: "Sign in as rafael-werneck" }).click();
  await expect(page).toHaveURL(/:\d+\/$/);
}

async function expectSignedOut(page: Page) {
  await expect(page.getByRole("banner").getByRole("button", { name: "Login" })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Admin" })).toBeHidden();
  const names = (await page.context().cookies()).map((cookie) => cookie.name);
  expect(names).not.toContain("session");
  expect(names).not.toContain("signed_in");
}

test("an account that is not an allowed author gets a message and no session", async ({ page }) => {
  await signInThroughGitHub(page, "outsider");
  await expect(page.getByText("Esta conta do GitHub não tem permissão para entrar neste site")).toBeVisible();
  await expectSignedOut(page);
});

test("a callback whose state was tampered with is refused", async ({ page }) => {
  await signInWithTamperedCallback(page, (callback) => callback.searchParams.set("state", "forged-state"));
  await expect(page.getByText("Erro ao fazer login com GitHub")).toBeVisible();
  await expectSignedOut(page);
});

test("an error from GitHub's token endpoint is shown and signs nobody in", async ({ page }) => {
  // A code GitHub does not know: its token endpoint answers HTTP 200 with an `error` field.
  await signInWithTamperedCallback(page, (callback) => callback.searchParams.set("code", "not-a-real-code"));
  await expect(page.getByText("The code passed is incorrect or expired.")).toBeVisible();
  await expectSignedOut(page);
});

test("declining on GitHub's consent page brings the visitor back with GitHub's message", async ({ page }) => {
  await page.goto("/en");
  await waitForHydration(page);
  await page.getByRole("banner").getByRole("button", { name: "Login" }).click();
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/en$/);
  await expect(page.getByText("The user has denied your application access.")).toBeVisible();
  await expectSignedOut(page);
});

test("a session the server no longer honours is refused and the header falls back to Login", async ({
  page,
  context,
}) => {
  await signInThroughGitHub(page);
  const stale = (await context.cookies()).filter((cookie) => cookie.name === "session" || cookie.name === "signed_in");
  await page.getByRole("banner").getByRole("button", { name: "Sair" }).click();
  await expect(page.getByText("Logout realizado com sucesso")).toBeVisible();

  // The browser still presents the old cookies, as one whose session expired on the server would.
  await page.waitForLoadState("networkidle");
  await context.addCookies(stale);
  const checked = page.waitForResponse((response) => response.url().endsWith("/auth/me"));
  await page.goto("/about");
  expect(await (await checked).json()).toEqual({ user: null });
  await expectSignedOut(page);

  await context.addCookies(stale);
  await page.goto("/admin/blog");
  await expect(page).toHaveURL(/:\d+\/$/);
  await expect(page.getByText("Você precisa estar logado para acessar esta página")).toBeVisible();
  await expectSignedOut(page);
});

test("a state-changing request from another origin is refused", async ({ page, request, baseURL }) => {
  for (const headers of [{ Origin: "https://evil.example" }, { "Sec-Fetch-Site": "cross-site" }, {}]) {
    const response = await request.post("/auth/logout", { headers, form: { lang: "pt" }, maxRedirects: 0 });
    expect(response.status(), JSON.stringify(headers)).toBe(403);
  }
  const sameOrigin = await request.post("/auth/logout", {
    headers: { Origin: baseURL ?? "" },
    form: { lang: "pt" },
    maxRedirects: 0,
  });
  expect(sameOrigin.status()).toBe(303);

  // A real cross-site form: a page on the fake GitHub's origin posts to our sign-out.
  await signInThroughGitHub(page);
  const outside = new URL(page.url());
  outside.port = String(Number(process.env.E2E_GITHUB_PORT || 4399));
  await page.goto(`${outside.origin}/health`);
  const refused = page.waitForResponse((response) => response.url().endsWith("/auth/logout"));
  await page.evaluate((target) => {
    const form = document.createElement("form");
    form.method = "post";
    form.action = target;
    document.body.append(form);
    form.submit();
  }, `${baseURL}/auth/logout`);
  expect((await refused).status()).toBe(403);
  await page.waitForURL("**/auth/logout");
  await expect(page.locator("body")).toHaveText("Cross-origin request refused");
  // The session survived the forged sign-out.
  await page.goto("/");
  await expect(page.getByRole("banner").getByRole("button", { name: "Sair" })).toBeVisible();
});
