/**
 * Moments as the admin shows them: in the author's own time zone, always
 * with its name, so a time is never taken for another zone's.
 */

/** The browser's time zone, e.g. "America/Recife". */
export const authorTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Formats `date` with `options`, the zone's short name in parentheses at the end. */
function withZone(date: Date, locale: string, options: Intl.DateTimeFormatOptions, timeZone?: string): string {
  const parts = new Intl.DateTimeFormat(locale, {
    ...options,
    timeZoneName: "short",
    ...(timeZone ? { timeZone } : {}),
  }).formatToParts(date);
  const zone = parts.find((part) => part.type === "timeZoneName")?.value ?? "";
  const text = parts
    .filter((part) => part.type !== "timeZoneName")
    .map((part) => part.value)
    .join("")
    .trim()
    .replace(/[\s,]+$/, "");
  return zone ? `${text} (${zone})` : text;
}

/**
 * The time of day with its zone.
 * @example clockTime(new Date(), "pt-BR") // "14:32 (BRT)"
 */
export function clockTime(date: Date, locale: string, timeZone?: string): string {
  return withZone(date, locale, { hour: "2-digit", minute: "2-digit" }, timeZone);
}

/**
 * A date and time with its zone.
 * @example dateTime(new Date("2030-01-05T12:30Z"), "pt-BR") // "05/01/2030, 09:30 (BRT)" style, in the locale's words
 */
export function dateTime(date: Date, locale: string, timeZone?: string): string {
  return withZone(
    date,
    locale,
    { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" },
    timeZone,
  );
}

/**
 * The zone's name as the author knows it: its place and its short name.
 * @example zoneLabel("pt-BR") // "America/Recife (BRT)"
 */
export function zoneLabel(locale: string): string {
  const zone = new Intl.DateTimeFormat(locale, { timeZoneName: "short" })
    .formatToParts(new Date())
    .find((part) => part.type === "timeZoneName")?.value;
  const place = authorTimeZone();
  return zone && zone !== place ? `${place} (${zone})` : place;
}
