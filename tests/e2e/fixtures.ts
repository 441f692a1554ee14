import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { test as base, type Cookie, expect, type Locator, type Page } from "@playwright/test";
import axe from "axe-core";
import { staticArticleIds } from "../../app/content/ids.ts";
import { type Lang, localizePath } from "../../app/i18n/paths.ts";
import { prerenderPaths } from "../../app/routing/pages.ts";
import { limit } from "../harness/host-speed.ts";

export { expect };

/** Sets stored preferences before any page script runs, as a returning visitor has them. */
export async function storePreferences(page: Page, prefs: { theme?: "light" | "dark"; language?: "pt" | "en" }) {
  await page.addInitScript((values) => {
    for (const [key, value] of Object.entries(values)) if (value) localStorage.setItem(key, value);
  }, prefs);
}

/**
 * Every rule of the installed axe-core: the WCAG rules, the best practices and
 * the experimental ones (which axe leaves out unless they are named).
 */
export const allAxeRules = axe.getRules().map((rule) => rule.ruleId);

/**
 * axe-core as the page is given it: its minified build. The builder's default is the unminified source (1.5 MB
 * against 0.65), which the page compiles twice a check (the builder evaluates it again for each frame): the
 * minified one cost Chromium a sixth less of a check's time here (0.29 CPU-s against 0.35 on ten pages).
 */
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * An axe-core check of the page with the complete rule set, of which only the violations are read.
 * @example const { violations } = await axeBuilder(page).exclude("#banner").analyze();
 */
export function axeBuilder(page: Page): AxeBuilder {
  // Legacy mode runs axe.run() in the page itself. The default runs each frame
  // apart, then opens a blank page to inject axe a second time and merge the
  // results there: that doubles the cost of a check, and only buys testing
  // cross-origin frames, which no page of the site has (its policy allows none).
  // Only violations are read, so only they are collected in full: axe still
  // runs every rule on every node, but builds a selector for one node per rule
  // of the other kinds (passes, incomplete, inapplicable) instead of for each,
  // which was over half of a check's time.
  return new AxeBuilder({ page, axeSource })
    .withRules(allAxeRules)
    .setLegacyMode()
    .options({ resultTypes: ["violations"] });
}

/** Time added to a test for each accessibility check it makes. */
const AXE_CHECK_MS = limit(20_000);

/**
 * The page at rest, as a reader sees it once the colors have settled. A section drawn only as it nears the screen
 * (`content-visibility: auto`) keeps the style it was first given until something asks for it: when that style came
 * before the head script's stored dark theme, the first element axe asks about starts its color transition from
 * the light colors, and axe measured that first step. Every element's style is asked for, and the transitions it
 * starts are taken to their end (a skipped section's animations do not run until it is drawn), before the check.
 */
async function settleStyles(page: Page) {
  await page.evaluate(() => {
    for (const element of document.querySelectorAll("*")) getComputedStyle(element).color;
    for (const animation of document.getAnimations()) if (animation instanceof CSSTransition) animation.finish();
  });
}

/**
 * axe-core's complete rule set on the page as it is: its serious and critical violations, described. `within`
 * narrows the check to the elements a tap changed (CSS selectors), for a state whose page around them
 * `every-page.spec.ts` already checks at rest: on a long page the whole check costs seconds of Chromium's time,
 * and asking again of the same page at rest finds nothing new.
 */
export async function seriousA11yViolations(page: Page, within: readonly string[] = []): Promise<string[]> {
  // The complete rule set takes seconds on a long page on a slow machine: each check brings its own time.
  const info = base.info();
  if (info.timeout > 0) info.setTimeout(info.timeout + AXE_CHECK_MS);
  const check = async () => {
    await settleStyles(page);
    const builder = axeBuilder(page);
    for (const selector of within) builder.include(selector);
    const results = await builder.analyze();
    return results.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(" ")).join("\n  ")}`);
  };
  const serious = await check();
  if (serious.length === 0) return serious;
  // A transition that started while axe ran is measured halfway: a toast whose time ran out during the check was
  // read at half its opacity, its text at half its contrast. What is wrong with the page at rest is still wrong once
  // its motion has ended, so a check that found something is made once more then, and that one is the answer.
  if (info.timeout > 0) info.setTimeout(info.timeout + AXE_CHECK_MS);
  await motionEnded(page);
  return check();
}

/** Resolves once every animation running on the page has ended, or after a second for one that never does (a spinner). */
async function motionEnded(page: Page) {
  await page.evaluate(async () => {
    const ended = Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined)));
    await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 1000))]);
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

/** Runs axe-core's complete rule set on the page as it is (or `within` some of it) and fails on any serious or critical violation. */
export async function expectNoSeriousA11yViolations(page: Page, within: readonly string[] = []) {
  const serious = await seriousA11yViolations(page, within);
  expect(serious, serious.join("\n")).toEqual([]);
}

/** The state of the document as its first frame painted it (`recordFirstFrames`). */
export interface FirstFrame {
  path: string;
  dark: boolean;
  hidden: boolean;
  auth: string | undefined;
}

/**
 * Records, in every document the page opens from now on, its state as its
 * first frame paints it: the theme class, whether anything was visible, the
 * signed-in mark. A ResizeObserver first reports in the first frame the
 * browser renders, after that frame's animation callbacks, style and layout,
 * right before its paint. The records live in `window.name`, which survives
 * same-tab navigations; read them with `firstFrames`.
 */
export async function recordFirstFrames(page: Page) {
  await page.addInitScript(() => {
    const record = () => {
      const root = document.documentElement;
      const entry = {
        path: location.pathname,
        dark: root.classList.contains("dark"),
        hidden: root.style.visibility === "hidden",
        auth: root.dataset.auth,
      };
      window.name = JSON.stringify([...(window.name ? JSON.parse(window.name) : []), entry]);
    };
    const watchFirstFrame = (root: Element) => {
      const sizes = new ResizeObserver(() => {
        sizes.disconnect();
        record();
      });
      sizes.observe(root);
    };
    if (document.documentElement) watchFirstFrame(document.documentElement);
    else {
      const parsing = new MutationObserver(() => {
        if (!document.documentElement) return;
        parsing.disconnect();
        watchFirstFrame(document.documentElement);
      });
      parsing.observe(document, { childList: true });
    }
  });
}

export const firstFrames = (page: Page) => page.evaluate(() => JSON.parse(window.name || "[]") as FirstFrame[]);

/**
 * Waits until the page script (app/first-paint/page-script/) answers the page's controls: it
 * loads once the page has painted, which can be after the load event.
 */
export async function waitForPageScript(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.pageScript === "ready");
}

/**
 * Scrolls to a control far down a page as a reader does before pressing it, and waits until it stays put. Reached
 * at once from the top, the sections on the way (`content-visibility: auto`, sized by a guess until first drawn) lay
 * out as the page arrives, and the page can move between a press's pointer down and up: the press then lands on
 * another element (measured: the call to action's button pressed at 7,879 px, released at 7,636).
 */
export async function scrollToRest(locator: Locator) {
  await locator.scrollIntoViewIfNeeded();
  const page = locator.page();
  const frames = () =>
    page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  let last = await locator.boundingBox();
  await expect
    .poll(async () => {
      await frames();
      const now = await locator.boundingBox();
      const still = now !== null && now.y === last?.y && now.x === last?.x;
      last = now;
      return still;
    })
    .toBe(true);
}

/**
 * Reaches for the page, as a visitor's pointer does, and waits until React
 * has hydrated it, so client-side behaviour can be exercised. A page to read
 * hydrates on its first interaction (app/first-paint/held-hydration.ts); the admin
 * at once.
 */
export async function waitForHydration(page: Page) {
  await waitForPageScript(page);
  await page.mouse.move(2, 2);
  await page.mouse.move(3, 3);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

/**
 * Reports every `securitypolicyviolation` of the documents `page` opens from now on into the returned list: the
 * site's pages break their own Content-Security-Policy nowhere. The browser's own notice on a page drawn by XSLT
 * (Chromium's `xslt-warning-banner`, saying the browser is removing XSLT, over a feed) is no part of the page: its
 * inline styles, which the feed's policy refuses, are not the site's.
 */
async function watchPolicy(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction("__reportCsp", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      if ((event.target as Element | null)?.localName === "xslt-warning-banner") return;
      (window as unknown as { __reportCsp: (t: string) => void }).__reportCsp(
        `${event.violatedDirective} blocked ${event.blockedURI} on ${location.pathname}`,
      );
    });
  });
  return violations;
}

/**
 * A worker's tests share one browser context and its page (`reuseContext`, playwright.config.ts): between tests
 * Playwright clears the cookies, the cache, the stored data and the service workers of the origins visited, closes
 * the other pages and removes routes, bindings and init scripts. What it keeps is cleared here: the connection and
 * the permissions a test changed, the headers it added, and what a tab keeps across its navigations (its
 * `sessionStorage` and `window.name`, where `recordFirstFrames` writes).
 */
async function forgetWhatReuseKeeps(page: Page) {
  const context = page.context();
  await context.setOffline(false);
  await context.clearPermissions();
  await context.setExtraHTTPHeaders({});
  if (!page.isClosed() && page.url().startsWith("http"))
    await page
      .evaluate(() => {
        sessionStorage.clear();
        window.name = "";
      })
      .catch(() => {});
}

/** The violations each test's page reported (`watchPolicy`), for the tests that read them. */
const policyViolations = new WeakMap<Page, string[]>();

export const test = base.extend<{ cspViolations: string[] }>({
  // Every test that opens a page fails if the page breaks its own Content-Security-Policy. A test that only asks
  // over HTTP (`request`) opens no page, and pays for none.
  page: async ({ page }, use, testInfo) => {
    const violations = await watchPolicy(page);
    policyViolations.set(page, violations);
    await use(page);
    await forgetWhatReuseKeeps(page);
    expect(violations, violations.join("\n")).toEqual([]);
    // A check that never showed a page reads responses: it belongs in a server test over HTTP, or asks with the
    // `request` fixture, which opens no page (docs/testing.md).
    if (testInfo.status === "passed" && page.url() === "about:blank")
      throw new Error(
        `"${testInfo.title}" opened a browser page and never showed it: ask over HTTP (the request fixture, or tests/server)`,
      );
  },
  cspViolations: async ({ page }, use) => {
    await use(policyViolations.get(page) ?? []);
  },
});

/** Test accounts of the fake GitHub (tests/harness/fake-github): two allowed authors and one outsider. */
export const testAccounts = { author: "rafael-werneck", coauthor: "ana-autora", outsider: "visitante" } as const;

/**
 * Signs in through the header's Login and the fake GitHub's consent page, and
 * waits until the browser is back on the site's home page in that language.
 * The tests of sign-in itself use it; every other test starts from a stored
 * session (`signIn`).
 * @example await signInThroughGitHub(page, "author");
 */
export async function signInThroughGitHub(
  page: Page,
  account: keyof typeof testAccounts = "author",
  lang: "pt" | "en" = "pt",
) {
  const home = lang === "en" ? "/en" : "/";
  await page.goto(home);
  await page.getByRole("banner").getByRole("button", { name: "Login" }).click();
  await page.getByRole("button", { name: `Sign in as ${testAccounts[account]}` }).click();
  await page.waitForURL((url) => url.pathname === home);
  await waitForHydration(page);
}

/** The accounts that may sign in, whose sessions `tests/e2e/sessions.setup.ts` stores once per run. */
export const authorAccounts = ["author", "coauthor"] as const;

/** Where the stored session of an author account is kept for the run (E2E_SESSIONS_DIR, set by playwright.config.ts). */
export function sessionFile(account: (typeof authorAccounts)[number]): string {
  const dir = process.env.E2E_SESSIONS_DIR;
  if (!dir) throw new Error("E2E_SESSIONS_DIR is unset: run through playwright.config.ts");
  return path.join(dir, `${account}.json`);
}

/**
 * Gives the page's browser the session the run stored for that account (the
 * cookies a sign-in through the fake GitHub set), and opens nothing: for a
 * test whose next step opens the page it needs (the admin, a form), which a
 * detour by the home page would only slow (0.4 CPU-seconds and a second of a
 * busy host's time for each).
 * @example await restoreSession(page); await openAdmin(page);
 */
export async function restoreSession(page: Page, account: (typeof authorAccounts)[number] = "author") {
  const cookies = JSON.parse(readFileSync(sessionFile(account), "utf8")) as Cookie[];
  await page.context().addCookies(cookies);
}

/**
 * Signs an author in with the session the run stored for that account
 * (`restoreSession`), then opens the home page in that language and waits until
 * it hydrates, as `signInThroughGitHub` ends: for a test that starts from the
 * signed-in home page or its header.
 * @example await signIn(page, "author");
 */
export async function signIn(
  page: Page,
  account: (typeof authorAccounts)[number] = "author",
  lang: "pt" | "en" = "pt",
) {
  await restoreSession(page, account);
  await page.goto(lang === "en" ? "/en" : "/");
  await waitForHydration(page);
}

/** The sizes a page is looked at: a 375 px phone and a desktop. */
export const viewports = { phone: { width: 375, height: 812 }, desktop: { width: 1280, height: 800 } } as const;

/**
 * The states in which a page is looked at whole (axe, width, labels): each
 * language in each theme, two on a phone and two on a desktop, so that each
 * language and each theme is seen at both sizes.
 */
export const pageStates = [
  { lang: "pt", theme: "light", size: "desktop" },
  { lang: "pt", theme: "dark", size: "phone" },
  { lang: "en", theme: "light", size: "phone" },
  { lang: "en", theme: "dark", size: "desktop" },
] as const satisfies readonly { lang: Lang; theme: "light" | "dark"; size: keyof typeof viewports }[];

/**
 * Every public page of one language: the prerendered ones, the blog, a tag,
 * a search, the newsletter's page and the one a forged link of it opens, the
 * static articles and the not-found page.
 */
export function publicPaths(lang: Lang): string[] {
  return [
    ...new Set([
      ...prerenderPaths().filter((path) => (lang === "en" ? path.startsWith("/en") : !path.startsWith("/en"))),
      ...[
        "/blog",
        "/blog/tag/discord",
        "/blog/search?q=docker",
        "/newsletter",
        "/newsletter/confirm?token=forged",
        "/pagina-que-nao-existe",
      ].map((path) => localizePath(path, lang)),
      ...staticArticleIds.map((id) => localizePath(`/blog/${id}`, lang)),
    ]),
  ];
}

/**
 * Every admin screen of one language, for the checks that visit them all.
 * @example adminPaths("en") // ["/en/admin/blog", "/en/admin/messages", …]
 */
export function adminPaths(lang: Lang): string[] {
  return [
    "/admin/blog",
    "/admin/blog/trash",
    "/admin/blog/tags",
    "/admin/messages",
    "/admin/subscribers",
    "/admin/audience",
  ].map((path) => localizePath(path, lang));
}

/** Console lines in which the browser says it refused something under the page's policy. */
export function watchCspConsole(page: Page): string[] {
  const refused: string[] = [];
  page.on("console", (message) => {
    const text = message.text();
    if (/Content Security Policy|Refused to/i.test(text)) refused.push(`${page.url()}: ${text}`);
  });
  return refused;
}

/** The policy of a page (decision 026): nothing by default, no inline styles, no unsafe source anywhere. */
export function expectStrictPolicy(path: string, policy: string | undefined) {
  expect(policy, path).toMatch(/^default-src 'none'; /);
  expect(policy, path).toMatch(/; style-src 'self'( 'sha256-[A-Za-z0-9+/=]+')*;/);
  expect(policy, path).not.toContain("'unsafe-");
}
