import type { Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, storePreferences, test, waitForHydration } from "../fixtures.ts";

// Each language's search finds a static article by a word it writes with an accent, typed without one.
const texts = {
  pt: {
    list: "/blog",
    search: "/blog/search",
    label: "Buscar no blog",
    submit: "Buscar",
    title: "Busca no blog",
    query: "validacao",
    found: "Desenvolvimento full-stack na prática",
    marked: "validação",
    none: "Nenhum artigo encontrado para “xyzzyquux”.",
    prompt: "Digite uma ou mais palavras para encontrar artigos do blog.",
    tooLong: "Sua busca é longa demais: use no máximo 200 caracteres.",
  },
  en: {
    list: "/en/blog",
    search: "/en/blog/search",
    label: "Search the blog",
    submit: "Search",
    title: "Search the blog",
    query: "resume",
    found: "Full-stack development in practice",
    marked: "résumé",
    none: "No articles found for “xyzzyquux”.",
    prompt: "Type one or more words to find articles on the blog.",
    tooLong: "Your search is too long: use at most 200 characters.",
  },
} as const;

const languages = ["pt", "en"] as const;

/** The hit whose title links to `title`. */
const hit = (page: Page, title: string) =>
  page
    .getByTestId("search-results")
    .getByRole("article")
    .filter({ has: page.getByRole("link", { name: title, exact: true }) });

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  for (const lang of languages) {
    const t = texts[lang];
    test(`a reader searches from the blog list, accents left out, and opens a hit (${lang})`, async ({ page }) => {
      await page.goto(t.list);
      const box = page.getByRole("searchbox", { name: t.label, exact: true });
      await box.fill(t.query);
      await page.getByRole("button", { name: t.submit, exact: true }).click();
      await expect(page).toHaveURL(`${t.search}?q=${t.query}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.title);
      await expect(page.getByRole("searchbox", { name: t.label, exact: true })).toHaveValue(t.query);
      const found = hit(page, t.found);
      await expect(found).toHaveCount(1);
      await expect(found.locator("mark").first()).toHaveText(new RegExp(`^${t.marked}$`, "i"));
      await expect(found.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T/);
      await expect(page.getByTestId("search-summary")).toContainText(t.query);
      await found.getByRole("link", { name: t.found, exact: true }).click();
      await expect(page).toHaveURL(`${t.list}/fullstack-development`);
    });
  }
});

for (const lang of languages) {
  const t = texts[lang];

  test(`with JavaScript, results come without a page load and the keyboard does it all (${lang})`, async ({ page }) => {
    await page.goto(t.list);
    await waitForHydration(page);
    await page.evaluate(() => {
      (window as unknown as { samePage: boolean }).samePage = true;
    });
    const box = page.getByRole("searchbox", { name: t.label, exact: true });
    await box.focus();
    await page.keyboard.type(t.query);
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: t.submit, exact: true })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(`${t.search}?q=${t.query}`);
    await expect(hit(page, t.found)).toHaveCount(1);
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);

    // Searching again from the results page: Enter in the box.
    const again = page.getByRole("searchbox", { name: t.label, exact: true });
    await again.fill("xyzzyquux");
    await again.press("Enter");
    await expect(page).toHaveURL(`${t.search}?q=xyzzyquux`);
    await expect(page.getByTestId("search-summary")).toContainText(t.none);
    await expect(page.getByTestId("search-results")).toHaveCount(0);
    // Back to the first search: its words come back into the box.
    await page.goBack();
    await expect(hit(page, t.found)).toHaveCount(1);
    await expect(again).toHaveValue(t.query);
  });

  test(`the search page is kept out of search engines and says what to do (${lang})`, async ({ page }) => {
    const response = await page.goto(t.search);
    expect(response?.status()).toBe(200);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, follow");
    await expect(page).toHaveTitle(new RegExp(`^${t.title} · `));
    await expect(page.getByText(t.prompt)).toBeVisible();
    const box = page.getByRole("searchbox", { name: t.label, exact: true });
    await expect(box).toHaveValue("");
    await expect(box).toHaveAttribute("maxlength", "200");
  });

  test(`odd or over-long queries get an answer, never a server error (${lang})`, async ({ request }) => {
    const odd = [
      "%00",
      "%",
      "%%25%",
      "%E0%A4%A",
      "%ED%A0%80",
      "%F0%9F%99%82",
      "%22quoted%22",
      "%26%7C!()%3A*",
      "a%26b%7C!c%3A*",
      "%3Cscript%3Ealert(1)%3C%2Fscript%3E",
      "%EE%80%80x%EE%80%81",
      "x&q=y",
      "%20%20%20",
    ];
    for (const query of odd) {
      for (const path of [t.search, `${t.search}.data`]) {
        const response = await request.get(`${path}?q=${query}`);
        expect(response.status(), `${path}?q=${query}`).toBe(200);
      }
    }
    const long = await request.get(`${t.search}?q=${"x".repeat(10_000)}`);
    expect(long.status()).toBe(400);
    expect(await long.text()).toContain(t.tooLong);
    const script = await request.get(`${t.search}?q=%3Cscript%3Ealert(1)%3C%2Fscript%3E`);
    expect(await script.text()).not.toContain("<script>alert(1)</script>");
  });
}

test.describe("accessibility", () => {
  for (const theme of ["light", "dark"] as const) {
    // The blog's list is checked with every other page (shell/every-page.spec.ts); these are a search's states.
    for (const path of ["/blog/search?q=deploy", "/en/blog/search?q=xyzzyquux"]) {
      test(`no serious violation on ${path} (${theme})`, async ({ page }) => {
        await storePreferences(page, { theme });
        await page.goto(path);
        await waitForHydration(page);
        await expectNoSeriousA11yViolations(page);
      });
    }
  }

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 375, height: 812 } });
    for (const theme of ["light", "dark"] as const) {
      test(`results fit the screen with no serious violation (${theme})`, async ({ page }) => {
        await storePreferences(page, { theme });
        await page.goto(`/en/blog/search?q=${texts.en.query}`);
        await waitForHydration(page);
        await expect(hit(page, texts.en.found)).toHaveCount(1);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width).toBeLessThanOrEqual(375);
        await expectNoSeriousA11yViolations(page);
      });
    }
  });
});
