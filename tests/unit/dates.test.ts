import { describe, expect, it } from "vitest";
import { formatDate, isLaterDay } from "~/lib/dates.ts";

describe("formatDate", () => {
  it("reads the day in UTC, in each language", () => {
    expect(formatDate("2026-03-05T23:30:00Z", "pt")).toBe("5 de março de 2026");
    expect(formatDate("2026-03-05T23:30:00Z", "en")).toBe("March 5, 2026");
  });
});

describe("isLaterDay", () => {
  it.each([
    ["2026-03-05T23:59:59Z", "2026-03-05T00:00:00Z", false],
    ["2026-03-05T08:00:00Z", "2026-03-05T08:00:00Z", false],
    ["2026-03-06T00:00:00Z", "2026-03-05T23:59:59Z", true],
    ["2027-01-01T10:00:00Z", "2026-12-31T10:00:00Z", true],
    ["2026-03-04T10:00:00Z", "2026-03-05T10:00:00Z", false],
    // An offset is read as the instant it names, on the UTC day formatDate shows.
    ["2026-03-05T22:00:00-03:00", "2026-03-05T10:00:00Z", true],
  ] as const)("%s after %s: %s", (later, earlier, expected) => {
    expect(isLaterDay(later, earlier)).toBe(expected);
  });
});
