import { prerenderPaths } from "../../../app/routing/pages.ts";
import { expect, test, waitForHydration } from "../fixtures.ts";

const mainLinks = {
  pt: ["Início", "Sobre", "Carreira", "Serviços", "Discord", "Blog", "Contato"],
  en: ["Home", "About", "Career", "Services", "Discord", "Blog", "Contact"],
};
const portfolioLinks = {
  pt: ["Projetos", "Empresas", "Certificados", "Recomendações", "Faculdade"],
  en: ["Projects", "Companies", "Certificates", "Recommendations", "College"],
};
const mainPaths = ["/", "/about", "/career", "/services", "/discord", "/blog", "/contact"];
const portfolioPaths = ["/projects", "/companies", "/certificates", "/recommendations", "/course"];

test("the main bar links every main page in the current language", async ({ page }) => {
  for (const lang of ["pt", "en"] as const) {
    await page.goto(lang === "en" ? "/en/about" : "/about");
    const nav = page.getByRole("navigation", { name: lang === "en" ? "Main navigation" : "Navegação principal" });
    for (const [index, name] of mainLinks[lang].entries()) {
      const path = mainPaths[index] ?? "";
      const expected = lang === "en" ? (path === "/" ? "/en" : `/en${path}`) : path;
      await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("href", expected);
    }
  }
});

test("the active link is marked as the current page", async ({ page }) => {
  await page.goto("/en/career");
  const nav = page.getByRole("navigation", { name: "Main navigation" });
  await expect(nav.getByRole("link", { name: "Career" })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current", "page");
});

test("the logo links home", async ({ page }) => {
  await page.goto("/en/blog");
  await expect(page.getByRole("link", { name: "RW Rafael Werneck, home page", exact: true })).toHaveAttribute(
    "href",
    "/en",
  );
});

test("the Portfolio dropdown opens, closes on a chosen link and on Escape", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  const button = page.getByRole("button", { name: "Portfolio" });
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await button.click();
  await expect(button).toHaveAttribute("aria-expanded", "true");
  const header = page.getByRole("banner");
  for (const [index, name] of portfolioLinks.pt.entries()) {
    await expect(header.getByRole("link", { name, exact: true })).toHaveAttribute("href", portfolioPaths[index] ?? "");
  }
  await header.getByRole("link", { name: "Empresas", exact: true }).click();
  await expect(page).toHaveURL(/\/companies$/);
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await expect(header.getByRole("link", { name: "Projetos", exact: true })).toBeHidden();
  await expect(button).toHaveClass(/bg-accent-soft/);

  await button.click();
  await expect(header.getByRole("link", { name: "Projetos", exact: true })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await expect(button).toBeFocused();
});

test("the dropdown works from the keyboard", async ({ page }) => {
  await page.goto("/en");
  await waitForHydration(page);
  const button = page.getByRole("button", { name: "Portfolio" });
  await button.focus();
  await page.keyboard.press("Enter");
  await expect(button).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("banner").getByRole("link", { name: "Projects", exact: true })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/en\/projects$/);
});

test.describe("on a 375 px phone", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("the collapsible menu lists every link plus the portfolio group", async ({ page }) => {
    for (const lang of ["pt", "en"] as const) {
      await page.goto(lang === "en" ? "/en" : "/");
      await waitForHydration(page);
      const menu = page.getByTestId("mobile-menu");
      await expect(menu).toBeHidden();
      await page.getByTestId("mobile-menu-button").click();
      await expect(menu).toBeVisible();
      for (const name of [...mainLinks[lang], ...portfolioLinks[lang]]) {
        await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
      }
      await expect(menu.getByRole("button", { name: "Login" })).toBeVisible();
      await menu.getByRole("link", { name: lang === "en" ? "Certificates" : "Certificados" }).click();
      await expect(page).toHaveURL(/\/certificates$/);
      await expect(menu).toBeHidden();
    }
  });

  test("no page scrolls sideways", async ({ page }) => {
    // Every public page, alternating languages to keep the run short, plus the 404 page.
    const paths = [...prerenderPaths().filter((_, index) => index % 2 === 0), "/blog", "/en/blog/bot-discord", "/nope"];
    for (const path of paths) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});

test("the footer has the site navigation, six socials, the e-mail, three songs and the year", async ({ page }) => {
  await page.goto("/en");
  const footer = page.locator("footer");
  const nav = footer.getByRole("navigation", { name: "Navigation" });
  await expect(nav.getByRole("link")).toHaveCount(6);
  for (const [name, href] of [
    ["Home", "/en"],
    ["About", "/en/about"],
    ["Projects", "/en/projects"],
    ["Companies", "/en/companies"],
    ["Services", "/en/services"],
    ["Blog", "/en/blog"],
  ] as const) {
    await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
  }
  const socials = footer.getByTestId("footer-socials").getByRole("link");
  await expect(socials).toHaveCount(6);
  const songs = footer.getByTestId("footer-songs").getByRole("link");
  await expect(songs).toHaveCount(3);
  for (const link of [...(await socials.all()), ...(await songs.all())]) {
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
  }
  await expect(footer.getByRole("link", { name: /@/ })).toHaveAttribute("href", /^mailto:/);
  await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
});
