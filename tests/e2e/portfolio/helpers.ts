import type { Locator, Page } from "@playwright/test";
import { expect } from "../fixtures.ts";

/** The page's path in one language: Portuguese at the root, English under /en. */
export const inLang = (lang: "pt" | "en", path: string) => (lang === "pt" ? path : `/en${path === "/" ? "" : path}`);

/** Asserts a link leaves the site safely: new tab, no opener, no referrer. */
export async function expectExternal(link: Locator, href?: string | RegExp) {
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", /noopener/);
  await expect(link).toHaveAttribute("rel", /noreferrer/);
  if (href) await expect(link).toHaveAttribute("href", href);
}

/** The JSON-LD objects embedded in the page. */
export async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((text) => JSON.parse(text) as Record<string, unknown>);
}
