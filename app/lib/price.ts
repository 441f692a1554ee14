import type { Lang } from "~/i18n/paths.ts";

/** Currency shown with each language: reais on Portuguese pages, dollars on English ones. */
export const currencyByLang = { pt: "BRL", en: "USD" } as const satisfies Record<Lang, string>;

/** A starting price in both currencies, in whole units. */
export interface PriceFrom {
  brl: number;
  usd: number;
}

/**
 * The starting price in the page's currency, as people of that language write it.
 * @example formatPriceFrom({ brl: 2500, usd: 500 }, "en") // "$500"
 */
export function formatPriceFrom(price: PriceFrom, lang: Lang): string {
  const currency = currencyByLang[lang];
  return new Intl.NumberFormat(lang === "pt" ? "pt-BR" : "en-US", {
    style: "currency",
    currency,
    maximumFractionDigits: 0,
  }).format(lang === "pt" ? price.brl : price.usd);
}

/** The amount charged in the page's currency, for structured data. */
export function priceAmount(price: PriceFrom, lang: Lang): number {
  return lang === "pt" ? price.brl : price.usd;
}
