import type { Page } from "@playwright/test";
import { limit } from "../../harness/host-speed.ts";
import { openNewPostForm } from "../admin/helpers.ts";
import { sendAMessage } from "../contact/helpers.ts";
import {
  adminPaths,
  expect,
  expectStrictPolicy,
  pageStates,
  publicPaths,
  restoreSession,
  seriousA11yViolations,
  storePreferences,
  test,
  viewports,
  waitForHydration,
  watchCspConsole,
} from "../fixtures.ts";
import { labelInNameMismatches, sidewaysScroll } from "./label-in-name.ts";

/**
 * Every page of the route table, the blog's lists, a search, the newsletter's
 * pages, the static articles, the not-found page and the admin screens,
 * visited as a reader would in each state that differs (`pageStates`: each
 * language in each theme, two of the four on a 375 px phone and two on a
 * desktop, so that each language and each theme is seen at both sizes). On
 * each visit:
 * - axe-core's complete rule set (every WCAG rule, the best practices and the
 *   experimental rules): no serious or critical violation;
 * - the Content-Security-Policy (decision 026): strict, and not one violation
 *   (the fixture fails a test on any `securitypolicyviolation` event; the
 *   console's "Refused to…" lines are watched too);
 * - Label in Name (WCAG 2.5.3) as a sighted visitor reads it (label-in-name.ts),
 *   on a phone with the menu open;
 * - on a phone, nothing scrolls sideways.
 * States a page reaches by interaction (the terminal, dialogs, a search's
 * results) have their own specs. Every page is checked before a test fails, so
 * one run lists every problem.
 */
/**
 * The public pages of a state are checked in this many tests (every fourth
 * page each), so the two workers share them evenly and no test runs for
 * minutes on a busy machine.
 */
const PARTS = 4;

/** What is wrong with the page as it stands, each problem named with where it was seen. */
async function problemsOn(page: Page, where: string, phone: boolean): Promise<string[]> {
  const problems = await seriousA11yViolations(page);
  if (phone) {
    const overflow = await sidewaysScroll(page);
    if (overflow > 0) problems.push(`the page scrolls ${overflow} px sideways`);
  }
  problems.push(...(await labelInNameMismatches(page)));
  return problems.map((problem) => `${where}: ${problem}`);
}

/** Opens a page of the site, checks its policy and waits until it is the reader's. */
async function visit(page: Page, path: string) {
  const response = await page.goto(path);
  expectStrictPolicy(path, response?.headers()["content-security-policy"]);
  await waitForHydration(page);
}

for (const { lang, theme, size } of pageStates) {
  const phone = size === "phone";
  const state = `${lang}, ${theme}, ${size}`;

  for (let part = 0; part < PARTS; part++) {
    test(`the public pages, part ${part + 1} of ${PARTS} (${state})`, async ({ page }) => {
      test.setTimeout(limit(180_000));
      await page.setViewportSize(viewports[size]);
      await storePreferences(page, { theme, language: lang });
      const refused = watchCspConsole(page);
      const problems: string[] = [];
      for (const path of publicPaths(lang).filter((_, index) => index % PARTS === part)) {
        await visit(page, path);
        problems.push(...(await problemsOn(page, path, phone)));
        if (phone) {
          // The phone's header shows less text: its menu, open, is read for Label in Name too.
          await page.getByTestId("mobile-menu-button").click();
          problems.push(...(await labelInNameMismatches(page)).map((problem) => `${path}, menu open: ${problem}`));
        }
      }
      expect(problems, problems.join("\n")).toEqual([]);
      expect(refused, refused.join("\n")).toEqual([]);
    });
  }

  test(`the admin screens, signed in (${state})`, async ({ page, browser, baseURL }) => {
    test.setTimeout(limit(120_000));
    // An unread message in the inbox: its badges, buttons and text are checked too.
    await sendAMessage(browser, baseURL ?? "");
    await page.setViewportSize(viewports[size]);
    await storePreferences(page, { theme, language: lang });
    const refused = watchCspConsole(page);
    await restoreSession(page);
    const problems: string[] = [];
    for (const path of adminPaths(lang)) {
      await visit(page, path);
      problems.push(...(await problemsOn(page, path, phone)));
    }
    await openNewPostForm(page, lang);
    problems.push(...(await problemsOn(page, "the post form", phone)));
    expect(problems, problems.join("\n")).toEqual([]);
    expect(refused, refused.join("\n")).toEqual([]);
  });
}
