import { expect, test, waitForHydration } from "../fixtures.ts";
import { expectExternal, inLang } from "./helpers.ts";

for (const lang of ["pt", "en"] as const) {
  test(`the about page shows the profile card, values and hobbies (${lang})`, async ({ page }) => {
    await page.goto(inLang(lang, "/about"));
    await expect(page.getByTestId("avatar").locator("img")).toBeVisible();
    await expectExternal(page.getByTestId("cv-button"), "https://drive.google.com/file/d/rafael-werneck-cv/view");
    await expect(
      page.getByRole("list", { name: lang === "pt" ? "Redes sociais" : "Social networks" }).getByRole("link"),
    ).toHaveCount(6);
    await expect(page.getByTestId("values").getByRole("listitem")).toHaveCount(3);
    await expect(page.getByTestId("hobbies").getByRole("listitem")).toHaveCount(4);
    const tabs = page.getByRole("tab");
    await expect(tabs).toHaveText(
      lang === "pt"
        ? ["Perfil", "Experiência", "Formação", "Carreira"]
        : ["Profile", "Experience", "Education", "Career"],
    );
    await expect(tabs.first()).toHaveAttribute("aria-selected", "true");
    // Its structured data (the Person) is read over HTTP: tests/server/served-pages.test.ts.
  });
}

test("the tabs move with the arrow keys, Home and End, and are kept in the URL", async ({ page }) => {
  await page.goto("/en/about");
  await waitForHydration(page);
  const tab = (name: string) => page.getByRole("tab", { name });
  await tab("Profile").focus();
  await page.keyboard.press("ArrowRight");
  await expect(tab("Experience")).toBeFocused();
  await expect(tab("Experience")).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tabpanel")).toContainText("Werneck Group");
  await expect(page).toHaveURL(/#experience$/);
  await page.keyboard.press("End");
  await expect(tab("Career")).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowRight");
  await expect(tab("Profile")).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowLeft");
  await expect(tab("Career")).toBeFocused();
  await page.keyboard.press("Home");
  await expect(tab("Profile")).toBeFocused();
  await expect(page.getByRole("tabpanel")).toHaveCount(1);
});

test("a link to a tab opens on that tab", async ({ page }) => {
  await page.goto("/about#education");
  await waitForHydration(page);
  await expect(page.getByRole("tab", { name: "Formação" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tabpanel")).toContainText("Universidade Federal de Pernambuco");
});

test("the avatar falls back to initials when its image cannot load", async ({ page }) => {
  await page.route(/avatar-\d+-.*\.(avif|webp)$/, (route) => route.abort());
  await page.goto("/about");
  await waitForHydration(page);
  await expect(page.getByTestId("avatar-fallback")).toHaveText("RW");
  await expect(page.getByRole("img", { name: "Retrato ilustrado de Rafael Werneck" })).toBeVisible();
});
