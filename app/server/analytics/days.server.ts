/**
 * The audience's days: calendar days in the site's time zone (Recife), as
 * `YYYY-MM-DD`, the form PostgreSQL's `date` reads and writes.
 */
import { SITE_UTC_OFFSET_MINUTES } from "../site-time.server.ts";

/**
 * The site's calendar day of a moment.
 * @example siteDay(new Date("2026-11-27T02:00:00Z")) // "2026-11-26" (23:00 in Recife)
 */
export function siteDay(at: Date): string {
  return new Date(at.getTime() + SITE_UTC_OFFSET_MINUTES * 60_000).toISOString().slice(0, 10);
}

/**
 * The moment a site's day begins, in milliseconds since the epoch.
 * @example siteDayStart("2026-11-27") // Date.parse("2026-11-27T03:00:00Z") (00:00 in Recife)
 */
export function siteDayStart(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) - SITE_UTC_OFFSET_MINUTES * 60_000;
}

/**
 * The day `days` after (or before, when negative) a `YYYY-MM-DD` day.
 * @example addDays("2026-03-01", -1) // "2026-02-28"
 */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * Every day from `first` to `last`, both included, in order.
 * @example daysBetween("2026-02-27", "2026-03-01") // ["2026-02-27", "2026-02-28", "2026-03-01"]
 */
export function daysBetween(first: string, last: string): string[] {
  const days: string[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) days.push(day);
  return days;
}
