import { htmlLang, type Lang } from "~/i18n/paths.ts";

/**
 * A date as people read it in the language, in UTC so the server and the
 * browser agree on the day.
 * @example formatDate("2026-03-05T12:00:00Z", "pt") // "5 de março de 2026"
 */
export function formatDate(iso: string, lang: Lang): string {
  return new Intl.DateTimeFormat(htmlLang[lang], { dateStyle: "long", timeZone: "UTC" }).format(new Date(iso));
}

/**
 * Whether `later` falls on a later day than `earlier`, as `formatDate` reads
 * days (UTC): an edit on the day of publishing is not worth an "updated on".
 * @example isLaterDay("2026-03-05T23:00:00Z", "2026-03-05T08:00:00Z") // false
 */
export function isLaterDay(later: string, earlier: string): boolean {
  const day = (iso: string) => new Date(iso).toISOString().slice(0, 10);
  return day(later) > day(earlier);
}
