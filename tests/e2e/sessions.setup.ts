/**
 * Signs each author account in once per run, through the header's Login and
 * the fake GitHub, and stores the cookies it ends with: the tests that need a
 * signed-in author start from them (`signIn` in fixtures.ts). Sessions last
 * 30 days and are not rotated on use, so every test can share one.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test as setup } from "@playwright/test";
import { authorAccounts, sessionFile, signInThroughGitHub } from "./fixtures.ts";

for (const account of authorAccounts) {
  setup(`sign in as the ${account} and store the session`, async ({ page }) => {
    await signInThroughGitHub(page, account);
    const cookies = await page.context().cookies();
    if (!cookies.some((cookie) => cookie.name === "session"))
      throw new Error(`No session cookie after signing in as ${account}`);
    mkdirSync(path.dirname(sessionFile(account)), { recursive: true });
    writeFileSync(sessionFile(account), JSON.stringify(cookies));
  });
}
