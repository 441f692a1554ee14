import { expect, test, waitForHydration } from "../fixtures.ts";
import { expectExternal, inLang } from "./helpers.ts";

for (const lang of ["pt", "en"] as const) {
  test(`the companies page lists both companies linking to their pages (${lang})`, async ({ page }) => {
    await page.goto(inLang(lang, "/companies"));
    const cards = page.getByTestId("company-card");
    await expect(cards).toHaveCount(2);
    const links = await cards.getByRole("link").evaluateAll((anchors) => anchors.map((a) => a.getAttribute("href")));
    expect(links).toEqual([inLang(lang, "/companies/cheetah-network"), inLang(lang, "/companies/werneck-group")]);
  });

  test(`a company page shows its details and only the networks it has (${lang})`, async ({ page }) => {
    await page.goto(inLang(lang, "/companies/werneck-group"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Werneck Group");
    await expect(page.getByRole("img", { name: /Werneck Group/ })).toHaveCount(2);
    await expect(page.getByTestId("company-about").locator("p")).toHaveCount(2);
    await expect(page.getByTestId("company-skills").getByRole("listitem")).toHaveCount(5);
    const socials = page.getByTestId("company-socials").getByRole("link");
    const networks = await socials.evaluateAll((anchors) => anchors.map((a) => a.getAttribute("data-network")));
    expect(networks).toEqual(["website", "github", "facebook", "instagram", "linkedin"]);
    for (const link of await socials.all()) await expectExternal(link);

    await waitForHydration(page);
    await page.getByRole("link", { name: lang === "pt" ? "Voltar para as empresas" : "Back to companies" }).click();
    await expect(page).toHaveURL(new RegExp(`${inLang(lang, "/companies")}$`));
  });
}

test("the other company shows its own set of networks", async ({ page }) => {
  await page.goto("/companies/cheetah-network");
  const networks = await page
    .getByTestId("company-socials")
    .getByRole("link")
    .evaluateAll((anchors) => anchors.map((a) => a.getAttribute("data-network")));
  expect(networks).toEqual(["website", "github", "youtube", "instagram", "twitter"]);
});

test("an unknown company redirects to the list on load and on client navigation", async ({ page }) => {
  const response = await page.request.get("/en/companies/acme-inc", { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe("/en/companies");

  await page.goto("/about");
  await waitForHydration(page);
  const before = await page.evaluate(() => history.length);
  // No page links to an unknown company, so the router is asked directly, as a stale link would.
  await page.evaluate(() =>
    (
      window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => void } }
    ).__reactRouterDataRouter.navigate("/companies/acme-inc"),
  );
  await expect(page).toHaveURL(/\/companies$/);
  // Replaced, not pushed: the unknown address never becomes a history entry to go back to.
  expect(await page.evaluate(() => history.length)).toBe(before);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true });
  test("a company's banner is fetched ahead of its logo, which never competes with it", async ({ page }) => {
    // Chromium raises a visible image to high priority unless the page asks for
    // low; the logo shows over the banner, in the first screen.
    const cdp = await page.context().newCDPSession(page);
    const priorities = new Map<string, { url: string; seen: string[] }>();
    cdp.on("Network.requestWillBeSent", ({ requestId, request }) => {
      priorities.set(requestId, { url: request.url, seen: [request.initialPriority] });
    });
    cdp.on("Network.resourceChangedPriority", ({ requestId, newPriority }) => {
      priorities.get(requestId)?.seen.push(newPriority);
    });
    await cdp.send("Network.enable");
    // A phone network, so the logo is still loading when the page lays it out.
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 150,
      downloadThroughput: 200_000,
      uploadThroughput: 90_000,
    });

    await page.goto("/en/companies/cheetah-network");
    const logo = page.getByRole("img", { name: "Cheetah Network logo" });
    await expect(logo).toHaveAttribute("fetchpriority", "low");
    await expect(page.getByRole("img", { name: "Cheetah Network banner" })).toHaveAttribute("fetchpriority", "high");
    await expect(logo).toHaveJSProperty("complete", true);
    await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);

    const requested = [...priorities.values()];
    const banner = requested.filter(({ url }) => url.includes("cheetah-network-banner-"));
    const logos = requested.filter(({ url }) => url.includes("cheetah-network-logo-"));
    expect(banner.map(({ seen }) => seen[0])).toEqual(["High"]);
    expect(logos.map(({ seen }) => seen)).toEqual([["Low"]]);
  });
});
