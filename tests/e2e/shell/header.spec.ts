import type { Page } from "@playwright/test";
import { expect, signIn, test, waitForHydration } from "../fixtures.ts";

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
      const button = page.getByTestId("mobile-menu-button");
      // Laid out ahead of its first opening (decision 084), the closed menu takes no room and no focus.
      await expect(menu).toHaveAttribute("data-folded", "true");
      await expect(menu).toBeHidden();
      expect((await menu.boundingBox())?.height).toBe(0);
      await button.focus();
      await page.keyboard.press("Tab");
      await expect(menu.locator("a").first()).toBeAttached();
      expect(await menu.evaluate((nav) => nav.contains(document.activeElement))).toBe(false);
      // Enter, then Tab at once, lands in the open menu; Escape closes it, back on its button.
      await button.focus();
      await page.keyboard.press("Enter");
      await page.keyboard.press("Tab");
      await expect(menu.getByRole("link").first()).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(menu).toBeHidden();
      await expect(button).toBeFocused();
      await button.click();
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

  // That no page scrolls sideways on a phone, in either language, is checked by the phone's visit of every page
  // (every-page.spec.ts).
});

/** The widths the header is checked at: phones, a tablet, laptops and a desktop. */
const HEADER_WIDTHS = [320, 375, 390, 768, 1024, 1280, 1440];

/**
 * What does not fit in the header's bar at the page's width, described; empty
 * when it all fits: a text of a link, button or name on more than one line, an
 * item outside the bar or over another, the bar or the page scrolling sideways.
 */
async function headerMisfits(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    await document.fonts.ready;
    const problems: string[] = [];
    const bar = document.querySelector("header > div");
    if (!bar) return ["no header bar"];
    const box = bar.getBoundingClientRect();
    if (bar.scrollWidth > bar.clientWidth) problems.push(`the bar scrolls (${bar.scrollWidth} > ${bar.clientWidth})`);
    const page = document.documentElement;
    if (page.scrollWidth > window.innerWidth) problems.push(`the page scrolls (${page.scrollWidth})`);
    // Shown items: a visually hidden name (1 px wide) and anything not displayed are left out.
    const shown = (element: Element) => {
      const rect = element.getBoundingClientRect();
      return rect.width > 1 && rect.height > 1;
    };
    const items = [...bar.querySelectorAll("a, button, li")].filter(shown);
    const name = (element: Element) => element.textContent?.trim() || element.getAttribute("aria-label") || "?";
    for (const item of items) {
      const rect = item.getBoundingClientRect();
      if (rect.left < box.left - 0.5 || rect.right > box.right + 0.5 || rect.top < box.top || rect.bottom > box.bottom)
        problems.push(`"${name(item)}" leaves the bar`);
      const walker = document.createTreeWalker(item, NodeFilter.SHOW_TEXT);
      for (let text = walker.nextNode(); text; text = walker.nextNode()) {
        if (!text.textContent?.trim() || !text.parentElement || !shown(text.parentElement)) continue;
        const range = document.createRange();
        range.selectNodeContents(text);
        const tops = new Set([...range.getClientRects()].map((line) => Math.round(line.top)));
        if (tops.size > 1) problems.push(`"${text.textContent.trim()}" wraps onto ${tops.size} lines`);
      }
    }
    // The outermost items must not overlap one another.
    const outer = items.filter((item) => !items.some((other) => other !== item && other.contains(item)));
    for (const [index, item] of outer.entries()) {
      const a = item.getBoundingClientRect();
      for (const other of outer.slice(index + 1)) {
        const b = other.getBoundingClientRect();
        if (a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5)
          problems.push(`"${name(item)}" overlaps "${name(other)}"`);
      }
    }
    return problems;
  });
}

for (const signedIn of [false, true]) {
  test(`the header fits on one line from 320 to 1440 px in both languages, ${signedIn ? "signed in" : "signed out"}`, async ({
    page,
  }) => {
    if (signedIn) await signIn(page, "author");
    for (const lang of ["pt", "en"] as const) {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(lang === "en" ? "/en/about" : "/about");
      // The head script shows Admin and Sign out from the signed-in hint (decision 007).
      if (signedIn) await expect(page.locator("html")).toHaveAttribute("data-auth", "in");
      else await expect(page.locator("html")).not.toHaveAttribute("data-auth", "in");
      for (const width of HEADER_WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        expect(await headerMisfits(page), `${lang}, ${width} px`).toEqual([]);
      }
    }
  });
}

test("the footer has the site navigation with the newsletter, six socials, the e-mail, three songs and the year", async ({
  page,
}) => {
  await page.goto("/en");
  const footer = page.locator("footer");
  const nav = footer.getByRole("navigation", { name: "Navigation" });
  await expect(nav.getByRole("link")).toHaveCount(7);
  for (const [name, href] of [
    ["Home", "/en"],
    ["About", "/en/about"],
    ["Projects", "/en/projects"],
    ["Companies", "/en/companies"],
    ["Services", "/en/services"],
    ["Blog", "/en/blog"],
    ["Newsletter", "/en/newsletter"],
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
