import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { AudienceAdmin, type AudienceView, sourceName } from "~/components/admin/Audience.tsx";
import { en } from "~/i18n/en.ts";
import { pt } from "~/i18n/pt.ts";
import type { AudienceReport } from "~/server/analytics/report.server.ts";

/** A year of days from 2025-11-28 to 2026-11-27, `views(i)` views on day i. */
function year(views: (index: number) => number) {
  const start = Date.parse("2025-11-28T00:00:00Z");
  return Array.from({ length: 365 }, (_, index) => ({
    day: new Date(start + index * 86_400_000).toISOString().slice(0, 10),
    views: views(index),
    visitors: Math.floor(views(index) / 2),
  }));
}

const empty: AudienceReport = {
  range: 365,
  first: "2025-11-28",
  last: "2026-11-27",
  days: year(() => 0),
  views: 0,
  peakVisitors: 0,
  visitorsPerDay: 0,
  pages: [],
  posts: { pt: [], en: [] },
  sources: [],
  devices: [],
  notFound: [],
  feeds: [],
};

const render = (pathname: string, view: AudienceView) =>
  renderToString(
    <MemoryRouter initialEntries={[pathname]}>
      <AudienceAdmin view={view} />
    </MemoryRouter>,
  );

describe("the Audience page", () => {
  it("says in words that nothing was counted, with no chart and no table", () => {
    const html = render("/admin/audience", { report: empty, counting: true, newsletter: null });
    expect(html).toContain("Nada contado ainda.");
    expect(html).not.toContain("<table");
    expect(html).not.toContain("<svg role");
    expect(html).toContain(pt.admin.audience.newsletterOff);
    expect(html).not.toContain(pt.admin.audience.countingOff);
  });

  it("lists the followers of each fediverse account beside the newsletter, or says federation is off", () => {
    const fediverse = {
      handles: { pt: "@blog@example.com", en: "@blog.en@example.com" },
      followers: { pt: 1234, en: 5 },
    };
    const html = render("/admin/audience", { report: empty, counting: true, newsletter: null, fediverse });
    expect(html).toContain("@blog@example.com");
    expect(html).toContain("1.234");
    expect(html).toContain("@blog.en@example.com");
    expect(html).not.toContain(pt.admin.audience.fediverseOff);
    expect(render("/admin/audience", { report: empty, counting: true, newsletter: null })).toContain(
      pt.admin.audience.fediverseOff,
    );
  });

  it("draws a year as 365 bars in one scalable image, named by its summary, numbers in the page's language", () => {
    const days = year((index) => (index === 364 ? 1234 : index % 7));
    const report: AudienceReport = {
      ...empty,
      days,
      views: days.reduce((sum, day) => sum + day.views, 0),
      peakVisitors: 617,
      visitorsPerDay: 3,
      sources: [
        { key: "utm:mastodon", lang: "", views: 1500 },
        { key: "", lang: "", views: 20 },
      ],
      devices: [{ key: "tablet", lang: "", views: 2 }],
    };
    const html = render("/en/admin/audience?days=365", { report, counting: false, newsletter: null });
    // One shape per chart, a step for each day.
    expect(html.match(/<rect /g)).toBeNull();
    const shapes = [...html.matchAll(/<path d="([^"]*)"/g)].map((match) => match[1]?.match(/h10/g)?.length);
    expect(shapes).toEqual([365, 365]);
    // The busiest day (the last) reaches the top; a day with nothing stays on the baseline.
    expect(html).toContain("V0h10V100z");
    expect(html).toContain('<path d="M0 100V100h10V');
    expect(html).toContain('viewBox="0 0 3650 100"');
    expect(html).toContain('preserveAspectRatio="none"');
    expect(html).toContain(
      'aria-label="Bar chart of views per day, from Nov 28, 2025 to Nov 27, 2026: 2,326 in all; the busiest day was Nov 27, 2026, with 1,234."',
    );
    expect(html).toContain("mastodon (utm)");
    expect(html).toContain("No referrer");
    expect(html).toContain(">1,500<");
    expect(html).toContain(en.admin.audience.countingOff);
    expect(html).toContain('href="/admin/audience.csv?days=365"');
    expect(html).toMatch(/aria-current="page"[^>]*>365 days</);
  });
});

describe("a chart's table", () => {
  const days = year((index) => (index % 7) * 10);
  const report: AudienceReport = {
    ...empty,
    days,
    views: days.reduce((sum, day) => sum + day.views, 0),
    peakVisitors: 30,
    visitorsPerDay: 15,
  };
  const lastWeek: AudienceReport = { ...report, range: 7, first: "2026-11-21", days: days.slice(-7) };
  const rowsOf = (html: string, testId: string) => {
    const chart = html.slice(html.indexOf(`data-testid="${testId}"`));
    const table = chart.slice(chart.indexOf("<tbody"), chart.indexOf("</tbody>"));
    return [...table.matchAll(/<tr>(.*?)<\/tr>/g)].map((row) =>
      [...(row[1] ?? "").matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/g)].map((cell) => cell[1]?.replace(/<[^>]+>/g, "")),
    );
  };

  it("has a row a week for a year: views added up, visitors per day on average and on the busiest day", () => {
    const html = render("/en/admin/audience?days=365", { report, counting: true, newsletter: null });
    const views = rowsOf(html, "views-chart");
    // 365 days: the 28th of November alone, then 52 weeks, the last ending on the range's last day.
    expect(views).toHaveLength(53);
    expect(views[0]).toEqual(["Nov 28, 2025", "0"]);
    expect(views[1]).toEqual(["Nov 29, 2025 to Dec 5, 2025", "210"]);
    expect(views.at(-1)).toEqual(["Nov 21, 2026 to Nov 27, 2026", "210"]);
    const visitors = rowsOf(html, "visitors-chart");
    expect(visitors[1]).toEqual(["Nov 29, 2025 to Dec 5, 2025", "15", "30"]);
    expect(html).toContain(
      '<caption class="sr-only">Visitors per day, a week a row: From Nov 28, 2025 to Nov 27, 2026</caption>',
    );
    expect(html).toContain(en.admin.audience.weeklyNote);
    // A year's page carries at most three times a week's (a row and a bar a day made it nearly twenty times as much).
    const week = render("/en/admin/audience?days=7", { report: lastWeek, counting: true, newsletter: null });
    expect(html.length).toBeLessThan(3 * week.length);
  });

  it("has a row and a bar a day for a week", () => {
    const html = render("/admin/audience?days=7", { report: lastWeek, counting: true, newsletter: null });
    expect(html.match(/<rect /g)).toHaveLength(14);
    const views = rowsOf(html, "views-chart");
    expect(views).toHaveLength(7);
    expect(views.at(-1)).toEqual(["27 de nov. de 2026", "0"]);
    expect(html).not.toContain(pt.admin.audience.weeklyNote);
  });
});

describe("the visitors per day of a small site", () => {
  const figureOf = (html: string) =>
    html.match(/data-testid="figure-visitors-per-day"[^>]*>([^<]*)</)?.[1]?.replace(/&lt;/g, "<");
  const week = (visitorsPerDay: number): AudienceReport => ({
    ...empty,
    range: 7,
    first: "2026-11-21",
    days: year(() => 0).slice(-7),
    views: 19,
    visitorsPerDay,
  });

  it("keeps a tenth under 10 and says 'less than' under a tenth, never 0 beside views, in both languages", () => {
    for (const [value, pt, en] of [
      [3 / 7, "0,4", "0.4"],
      [1 / 365, "menos de 0,1", "less than 0.1"],
      [0.06, "0,1", "0.1"],
      [2.25, "2,3", "2.3"],
      [3, "3", "3"],
      [12.6, "13", "13"],
      [1234.4, "1.234", "1,234"],
      [0, "0", "0"],
    ] as const) {
      const view = { report: week(value), counting: true, newsletter: null };
      expect(figureOf(render("/admin/audience?days=7", view)), `${value} in Portuguese`).toBe(pt);
      expect(figureOf(render("/en/admin/audience?days=7", view)), `${value} in English`).toBe(en);
    }
  });
});

describe("a source's name", () => {
  it("reads a host as it is, utm:x as x (utm), and nothing as no referrer", () => {
    expect(sourceName("google.com", pt.admin.audience)).toBe("google.com");
    expect(sourceName("utm:newsletter", pt.admin.audience)).toBe("newsletter (utm)");
    expect(sourceName("", pt.admin.audience)).toBe("Sem referência");
    expect(sourceName("", en.admin.audience)).toBe("No referrer");
  });
});
