import { gzipSync } from "node:zlib";
import { expect, test, waitForHydration } from "../fixtures.ts";

/**
 * What a first visit to the home page costs in JavaScript, gzip-compressed as
 * it travels, before the terminal is opened. The budget keeps growth visible:
 * a bare React Router page is about 112 KB.
 */
const BUDGET_KB = 160;

test("the home page's JavaScript stays within budget and leaves the terminal out", async ({ page }, testInfo) => {
  const bodies: Promise<{ url: string; bytes: number }>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    bodies.push(response.body().then((body) => ({ url: response.url(), bytes: gzipSync(body, { level: 9 }).length })));
  });
  await page.goto("/en");
  await waitForHydration(page);
  await page.waitForLoadState("networkidle");
  const scripts = await Promise.all(bodies);
  const totalKb = scripts.reduce((sum, script) => sum + script.bytes, 0) / 1024;
  const report = `${scripts.length} scripts, ${totalKb.toFixed(1)} KB gzip`;
  testInfo.annotations.push({ type: "home-js", description: report });
  console.info(`home JavaScript before the terminal opens: ${report}`);
  expect(scripts.some((script) => /TerminalWindow|interpreter/.test(script.url))).toBe(false);
  expect(totalKb, report).toBeLessThan(BUDGET_KB);
});
