import type { Locator } from "@playwright/test";
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
