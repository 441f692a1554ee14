import { htmlLang, type Lang } from "~/i18n/paths.ts";

/**
 * A date as people read it in the language, in UTC so the server and the
 * browser agree on the day.
 * @example formatDate("2026-03-05T12:00:00Z", "pt") // "5 de março de 2026"
 */
export function formatDate(iso: string, lang: Lang): string {
  return new Intl.DateTimeFormat(htmlLang[lang], { dateStyle: "long", timeZone: "UTC" }).format(new Date(iso));
}
