/**
 * Dates as blog engines write them, read to an instant: ISO 8601 with or
 * without a zone, Jekyll's `2019-05-01 10:00:00 -0300`, WordPress's
 * `2019-05-01 13:00:00` (UTC in `post_date_gmt`), a date alone. A time
 * without a zone is taken in the site's zone, as the author wrote it there.
 */
import { SITE_UTC_OFFSET_MINUTES } from "../site-time.server.ts";

const SITE_OFFSET = (() => {
  const minutes = Math.abs(SITE_UTC_OFFSET_MINUTES);
  return `${SITE_UTC_OFFSET_MINUTES < 0 ? "-" : "+"}${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
})();

const SHAPE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?)?\s*(Z|[+-]\d{2}:?\d{2}|UTC|GMT)?$/i;

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
/** Astro's blog template writes `pubDate: 'Jul 08 2022'`: an English month, the day, the year. */
const MONTH_FIRST =
  /^(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:tember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\s+(\d{1,2}),?\s+(\d{4})$/i;

/**
 * An instant, or undefined when the value is not a date one can trust.
 * @example readDate("2019-05-01 10:00:00 -0300") // 2019-05-01T13:00:00.000Z
 * @example readDate("2019-05-01", "Z") // 2019-05-01T00:00:00.000Z
 * @example readDate("Jul 08 2022") // 2022-07-08T03:00:00.000Z
 */
export function readDate(value: unknown, zone = SITE_OFFSET): Date | undefined {
  // TOML's dates: a local date or date-time (`2021-04-01`, `2021-04-01T10:00:00`) has no zone, and is the site's.
  if (isTomlDate(value)) return readDate(value.toISOString(), zone);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : new Date(value.getTime());
  if (typeof value !== "string") return undefined;
  const spelled = MONTH_FIRST.exec(value.trim());
  if (spelled) {
    const month = MONTHS.indexOf((spelled[1] ?? "").slice(0, 3).toLowerCase()) + 1;
    return readDate(`${spelled[3]}-${String(month).padStart(2, "0")}-${(spelled[2] ?? "").padStart(2, "0")}`, zone);
  }
  const match = SHAPE.exec(value.trim());
  if (!match) return undefined;
  const [, year, month, day, hour = "00", minute = "00", second = "00", fraction = "", given] = match;
  let offset = given ? given.toUpperCase() : zone;
  if (offset === "UTC" || offset === "GMT") offset = "Z";
  if (/^[+-]\d{4}$/.test(offset)) offset = `${offset.slice(0, 3)}:${offset.slice(3)}`;
  const millis = fraction ? fraction.slice(0, 4).padEnd(4, "0") : "";
  const date = new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}${millis}${offset}`);
  if (Number.isNaN(date.getTime())) return undefined;
  // `2019-02-30` rolls over to March in Date: refuse it instead.
  const local = new Date(date.getTime() + offsetMinutes(offset) * 60_000);
  if (local.getUTCDate() !== Number(day) || local.getUTCMonth() + 1 !== Number(month)) return undefined;
  return date;
}

/** A date as TOML wrote it (smol-toml's TomlDate): `toISOString` gives it as written, with its offset if it had one. */
function isTomlDate(value: unknown): value is Date & { isLocal(): boolean } {
  return value instanceof Date && typeof (value as { isLocal?: unknown }).isLocal === "function";
}

/**
 * The calendar day a date was written on, in the offset it was written
 * with (`2021-04-01T01:00:00+02:00` is the first of April), else the site's.
 * @example writtenDay("2021-04-01T01:00:00+02:00") // { year: "2021", month: "04", day: "01" }
 */
export function writtenDay(value: unknown): { year: string; month: string; day: string } | undefined {
  const written = isTomlDate(value) ? value.toISOString() : typeof value === "string" ? value.trim() : undefined;
  const match = written ? /^(\d{4})-(\d{2})-(\d{2})/.exec(written) : null;
  if (match && readDate(written)) return { year: match[1] ?? "", month: match[2] ?? "", day: match[3] ?? "" };
  const date = readDate(value);
  if (!date) return undefined;
  const local = new Date(date.getTime() + SITE_UTC_OFFSET_MINUTES * 60_000);
  return {
    year: String(local.getUTCFullYear()),
    month: String(local.getUTCMonth() + 1).padStart(2, "0"),
    day: String(local.getUTCDate()).padStart(2, "0"),
  };
}

function offsetMinutes(offset: string): number {
  if (offset === "Z") return 0;
  const sign = offset.startsWith("-") ? -1 : 1;
  return sign * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6)));
}
