import type { Page } from "@playwright/test";
import { languages } from "../../../app/i18n/paths.ts";
import { limit } from "../../harness/host-speed.ts";
import { openNewPostForm } from "../admin/helpers.ts";
import { sendAMessage } from "../contact/helpers.ts";
import {
  adminPaths,
  expect,
  expectStrictPolicy,
  publicPaths,
  seriousA11yViolations,
  signIn,
  storePreferences,
  test,
  waitForHydration,
  watchCspConsole,
} from "../fixtures.ts";

/**
 * axe-core's complete rule set (every WCAG rule, the best practices and the
 * experimental rules, `label-content-name-mismatch` among them) on every page
 * of the route table, the not-found page and the admin, in both languages and
 * both themes. States a page reaches by interaction (the terminal, dialogs,
 * the phone menu) have their own specs. Every page is checked before the test
 * fails, so one run lists every problem. The same visits check each page's
 * Content-Security-Policy (decision 026): strict, and not one violation (the
 * fixture fails a test on any `securitypolicyviolation` event; the console's
 * "Refused to…" lines are watched too).
 */
async function problemsOn(page: Page, where: string): Promise<string[]> {
  return (await seriousA11yViolations(page)).map((problem) => `${where}: ${problem}`);
}

/**
 * The public pages of a language and theme are checked in this many tests
 * (every fourth page each), so the two workers share them evenly and no test
 * runs for minutes on a busy machine.
 */
const PARTS = 4;

for (const lang of languages) {
  for (const theme of ["light", "dark"] as const) {
    for (let part = 0; part < PARTS; part++) {
      test(`no serious or critical violation on the public pages, part ${part + 1} of ${PARTS} (${lang}, ${theme})`, async ({
        page,
      }) => {
        test.setTimeout(limit(180_000));
        await storePreferences(page, { theme, language: lang });
        const problems: string[] = [];
        const refused = watchCspConsole(page);
        for (const path of publicPaths(lang).filter((_, index) => index % PARTS === part)) {
          const response = await page.goto(path);
          expectStrictPolicy(path, response?.headers()["content-security-policy"]);
          await waitForHydration(page);
          problems.push(...(await problemsOn(page, path)));
        }
        expect(problems, problems.join("\n")).toEqual([]);
        expect(refused, refused.join("\n")).toEqual([]);
      });
    }

    test(`no serious or critical violation on the admin screens (${lang}, ${theme})`, async ({
      page,
      browser,
      baseURL,
    }) => {
      test.setTimeout(limit(120_000));
      // An unread message in the inbox: its badges, buttons and text are checked too.
      await sendAMessage(browser, baseURL ?? "");
      await storePreferences(page, { theme, language: lang });
      await signIn(page, "author", lang);
      const problems: string[] = [];
      for (const path of adminPaths(lang)) {
        await page.goto(path);
        await waitForHydration(page);
        problems.push(...(await problemsOn(page, path)));
      }
      await openNewPostForm(page, lang);
      problems.push(...(await problemsOn(page, "the post form")));
      expect(problems, problems.join("\n")).toEqual([]);
    });
  }
}
