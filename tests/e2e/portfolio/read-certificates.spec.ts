import { expect, test } from "../fixtures.ts";
import { expectExternal, inLang } from "./helpers.ts";

for (const lang of ["pt", "en"] as const) {
  test(`the certificates page shows three certificates with external view links (${lang})`, async ({ page }) => {
    await page.goto(inLang(lang, "/certificates"));
    const cards = page.getByTestId("certificate");
    await expect(cards).toHaveCount(3);
    for (const card of await cards.all()) {
      await expect(card.getByRole("heading", { level: 2 })).not.toBeEmpty();
      await expect(card.locator("img")).toHaveAttribute("width", /\d+/);
      await expectExternal(card.getByRole("link", { name: lang === "pt" ? /Ver certificado/ : /View certificate/ }));
    }
    await expect(cards.first()).toContainText("Amazon Web Services");
  });
}

test("certificates below the first load lazily", async ({ page }) => {
  await page.goto("/certificates");
  const loading = await page
    .getByTestId("certificate")
    .locator("img")
    .evaluateAll((images) => images.map((i) => i.getAttribute("loading")));
  expect(loading).toEqual(["eager", "lazy", "lazy"]);
});
