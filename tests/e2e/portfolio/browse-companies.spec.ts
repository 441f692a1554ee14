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
