import { expect, test, waitForHydration } from "../fixtures.ts";
import { expectExternal, inLang } from "./helpers.ts";

for (const lang of ["pt", "en"] as const) {
  test(`the career page tells the whole story (${lang})`, async ({ page }) => {
    await page.goto(inLang(lang, "/career"));
    await expect(page.getByTestId("career-stats").locator("dd")).toHaveText(["8+", "50+", "2", "100%"]);
    await expect(page.locator("#story > div > p")).toHaveCount(3);
    await expect(page.locator("#why-company > div > p")).toHaveCount(2);
    await expect(page.getByTestId("timeline").getByRole("listitem")).toHaveCount(5);
    await expect(page.getByTestId("partnerships").getByTestId("partnership")).toHaveCount(4);
    await expect(page.getByTestId("career-values").getByRole("listitem")).toHaveCount(4);
    await expect(page.getByTestId("quotes").locator("blockquote")).toHaveCount(3);
    await expect(page.getByTestId("testimonials").locator("figure")).toHaveCount(6);
    await expect(page.getByTestId("inclusion-points").getByRole("listitem")).toHaveCount(3);
    for (const link of await page.getByTestId("partnership").getByRole("link").all()) await expectExternal(link);
    await expect(page.getByRole("link", { name: lang === "pt" ? "Fale comigo" : "Contact me" })).toHaveAttribute(
      "href",
      inLang(lang, "/contact"),
    );
    await expect(page.getByRole("link", { name: lang === "pt" ? "Ver projetos" : "View projects" })).toHaveAttribute(
      "href",
      inLang(lang, "/projects"),
    );
  });
}

test("a link to /career#partnerships scrolls to the partnerships", async ({ page }) => {
  await page.goto("/about");
  await waitForHydration(page);
  await page.goto("/en/career#partnerships");
  await expect(page.locator("#partnerships")).toBeInViewport();
  await expect(page.getByRole("heading", { name: "Who walks with me" })).toBeInViewport();
});
