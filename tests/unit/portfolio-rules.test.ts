import { describe, expect, it } from "vitest";
import { initials } from "~/lib/initials.ts";
import { formatPriceFrom } from "~/lib/price.ts";
import { hasVisitLink } from "~/lib/project-link.ts";
import { canViewClientProject, statusTone } from "~/lib/status.ts";
import { nextTabIndex } from "~/lib/tabs.ts";

// Intl writes a no-break space between "R$" and the amount.
const plain = (text: string) => text.replace(/\u00a0/g, " ");

describe("formatPriceFrom", () => {
  it.each([
    [{ brl: 2500, usd: 500 }, "pt", "R$ 2.500"],
    [{ brl: 2500, usd: 500 }, "en", "$500"],
    [{ brl: 8000, usd: 1600 }, "pt", "R$ 8.000"],
    [{ brl: 8000, usd: 1600 }, "en", "$1,600"],
    [{ brl: 200, usd: 40 }, "pt", "R$ 200"],
    [{ brl: 200, usd: 40 }, "en", "$40"],
  ] as const)("%j in %s -> %s", (price, lang, expected) => {
    expect(plain(formatPriceFrom(price, lang))).toBe(expected);
  });
});

describe("statusTone", () => {
  it.each([
    ["completed", "success"],
    ["in-progress", "info"],
    ["on-hold", "neutral"],
    ["cancelled", "neutral"],
    ["", "neutral"],
  ])("%j -> %s", (status, tone) => {
    expect(statusTone(status)).toBe(tone);
  });
});

describe("canViewClientProject", () => {
  it.each([
    ["completed", true],
    ["in-progress", false],
    ["on-hold", false],
  ])("%j -> %s", (status, visible) => {
    expect(canViewClientProject(status)).toBe(visible);
  });
});

describe("hasVisitLink", () => {
  it.each([
    ["https://devstudio.app", true],
    ["#", false],
    [" # ", false],
    ["", false],
    ["   ", false],
    [undefined, false],
    [null, false],
  ])("%j -> %s", (link, visible) => {
    expect(hasVisitLink(link)).toBe(visible);
  });
});

describe("nextTabIndex", () => {
  it.each([
    [0, "ArrowRight", 4, 1],
    [3, "ArrowRight", 4, 0],
    [0, "ArrowLeft", 4, 3],
    [2, "ArrowLeft", 4, 1],
    [2, "Home", 4, 0],
    [1, "End", 4, 3],
    [1, "Enter", 4, undefined],
    [1, "a", 4, undefined],
  ])("from %i, %s among %i -> %j", (current, key, count, next) => {
    expect(nextTabIndex(current, key, count)).toBe(next);
  });
});

describe("initials", () => {
  it.each([
    ["Mariana Albuquerque", "MA"],
    ["Mariana de Albuquerque", "MA"],
    ["  carlos  ", "C"],
    ["Edsger W. Dijkstra", "ED"],
    ["", ""],
  ])("%j -> %j", (name, expected) => {
    expect(initials(name)).toBe(expected);
  });
});
