import { gzipSync } from "node:zlib";
import { expect, test, waitForHydration } from "../fixtures.ts";
import { TERMINAL_SCRIPT } from "./helpers.ts";

/**
 * What a first visit to the home page costs in JavaScript, gzip-compressed as
 * it travels: before any interaction (the page script only; the budget of
 * content pages, 60 KB, bench/budgets.ts), and once the visitor has reached
 * for the page and it has hydrated, the terminal still closed (a bare React
 * Router page is about 112 KB).
 */
const BEFORE_INTERACTION_KB = 60;
const HYDRATED_KB = 160;

test("the home page's JavaScript stays within budget and leaves the terminal out", async ({ page }, testInfo) => {
  const bodies: Promise<{ url: string; bytes: number }>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    bodies.push(response.body().then((body) => ({ url: response.url(), bytes: gzipSync(body, { level: 9 }).length })));
  });
  const total = async () => {
    const scripts = await Promise.all(bodies);
    const kb = scripts.reduce((sum, script) => sum + script.bytes, 0) / 1024;
    return { scripts, kb, report: `${scripts.length} scripts, ${kb.toFixed(1)} KB gzip` };
  };

  await page.goto("/en");
  await page.waitForLoadState("networkidle");
  const before = await total();
  expect(before.kb, before.report).toBeLessThan(BEFORE_INTERACTION_KB);

  await waitForHydration(page);
  await page.waitForLoadState("networkidle");
  const hydrated = await total();
  testInfo.annotations.push({
    type: "home-js",
    description: `${before.report} before interaction; ${hydrated.report} hydrated`,
  });
  console.info(`home JavaScript: ${before.report} before interaction, ${hydrated.report} once hydrated`);
  expect(hydrated.scripts.some((script) => TERMINAL_SCRIPT.test(new URL(script.url).pathname))).toBe(false);
  expect(hydrated.kb, hydrated.report).toBeLessThan(HYDRATED_KB);
});
