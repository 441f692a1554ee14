import type { Locator, Page } from "@playwright/test";
import { expect, firstFrames, recordFirstFrames, signInThroughGitHub, test, waitForHydration } from "../fixtures.ts";

const DAY_S = 24 * 60 * 60;

test("an author signs in with GitHub, stays signed in across reloads and signs out", async ({ page, context }) => {
  await page.goto("/");
  await waitForHydration(page);
  const header = page.getByRole("banner");
  await header.getByRole("button", { name: "Login" }).click();

  await expect(page.getByRole("heading", { name: "Fake GitHub" })).toBeVisible();
  await page.getByRole("button", { name: "Sign in as rafael-werneck" }).click();

  await expect(page).toHaveURL(/:\d+\/$/);
  await expect(header.getByRole("link", { name: "Admin" })).toHaveAttribute("href", "/admin/blog");
  await expect(header.getByRole("button", { name: "Sair" })).toBeVisible();
  await expect(header.getByRole("button", { name: "Login" })).toBeHidden();

  const session = (await context.cookies()).find((cookie) => cookie.name === "session");
  expect(session?.httpOnly).toBe(true);
  expect(session?.sameSite).toBe("Lax");
  expect(session?.path).toBe("/");
  expect(session?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
  const lifetime = (session?.expires ?? 0) - Date.now() / 1000;
  expect(lifetime).toBeGreaterThan(29 * DAY_S);
  expect(lifetime).toBeLessThanOrEqual(30 * DAY_S);
  // The flow's one-time state cookie is gone once it has served.
  expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain("github_oauth");

  // The page the sign-in returned to confirms the session itself: let its own check end first,
  // so the one awaited below is the reloaded page's.
  await page.waitForLoadState("networkidle");
  const confirmed = page.waitForResponse((response) => response.url().endsWith("/auth/me"));
  await page.reload();
  expect(await (await confirmed).json()).toEqual({ user: { login: "rafael-werneck", name: "Rafael Werneck" } });
  await expect(header.getByRole("button", { name: "Sair" })).toBeVisible();

  await header.getByRole("link", { name: "Admin" }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await expect(page.getByRole("heading", { level: 1, name: "Gerenciar posts" })).toBeVisible();

  await header.getByRole("button", { name: "Sair" }).click();
  await expect(page).toHaveURL(/:\d+\/$/);
  await expect(page.getByText("Logout realizado com sucesso")).toBeVisible();
  await expectBelowTheHeader(page, page.getByText("Logout realizado com sucesso"));
  await expect(header.getByRole("button", { name: "Login" })).toBeVisible();
  await expect(header.getByRole("link", { name: "Admin" })).toBeHidden();
  expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain("session");
});

test("signing in from an English page returns to the English home page", async ({ page }) => {
  await signInThroughGitHub(page, "coauthor", "en");
  await expect(page).toHaveURL(/\/en$/);
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "Admin" })).toHaveAttribute("href", "/en/admin/blog");
  await header.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/en$/);
  await expect(page.getByText("Signed out successfully")).toBeVisible();
});

test("a static page shows Admin and Sair from the first paint, before any script loads", async ({ page }) => {
  await signInThroughGitHub(page);
  // Without the app's JavaScript only the HTML and the inline head script decide what shows.
  await page.route("**/assets/*.js", (route) => route.abort());
  await recordFirstFrames(page);
  await page.goto("/about");
  await expect.poll(() => firstFrames(page)).toEqual([expect.objectContaining({ path: "/about", auth: "in" })]);
  const header = page.getByRole("banner");
  await expect(header.getByRole("button", { name: "Sair" })).toBeVisible();
  await expect(header.getByRole("button", { name: "Login" })).toBeHidden();
});

test("on a phone, the menu offers Admin and Sair to a signed-in author", async ({ page }) => {
  await signInThroughGitHub(page);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByTestId("mobile-menu-button").click();
  const menu = page.getByTestId("mobile-menu");
  await expect(menu.getByRole("link", { name: "Admin" })).toBeVisible();
  await expect(menu.getByRole("button", { name: "Sair" })).toBeVisible();
  await expect(menu.getByRole("button", { name: "Login" })).toBeHidden();
  await menu.getByRole("button", { name: "Sair" }).click();
  // The toast leaves the header's controls free, on a phone too.
  await expect(page.getByText("Logout realizado com sucesso")).toBeVisible();
  await expectBelowTheHeader(page, page.getByText("Logout realizado com sucesso"));
});

/** The toast (its box, close button included) starts below the sticky header, which stays usable. */
async function expectBelowTheHeader(page: Page, text: Locator) {
  const toast = page.locator("[data-sonner-toast]").filter({ has: text });
  // Wait for its entrance to finish: it slides in from above.
  await expect(toast).toHaveAttribute("data-mounted", "true");
  await expect
    .poll(async () => {
      const [box, close, header] = await Promise.all([
        toast.boundingBox(),
        toast.locator("[data-close-button]").boundingBox(),
        page.getByRole("banner").boundingBox(),
      ]);
      return Math.min(box?.y ?? 0, close?.y ?? 0) - ((header?.y ?? 0) + (header?.height ?? 0));
    })
    .toBeGreaterThanOrEqual(0);
}
