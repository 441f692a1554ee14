import type { Lang } from "~/i18n/paths.ts";

/** A value written in both languages, side by side. */
export type Localized<T = string> = Readonly<Record<Lang, T>>;

/**
 * The value in one language.
 * @example tr({ pt: "Olá", en: "Hello" }, "en") // "Hello"
 */
export function tr<T>(value: Localized<T>, lang: Lang): T {
  return value[lang];
}
