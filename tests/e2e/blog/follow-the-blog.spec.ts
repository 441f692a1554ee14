import type { Locator, Page } from "@playwright/test";
import { seedPost, uniqueSlug } from "../admin/helpers.ts";
import { expect, signIn, test } from "../fixtures.ts";

const texts = {
  pt: {
    newsletter: "Newsletter",
    heading: "Newsletter do blog",
    byMail: "Receber os posts por e-mail",
    rss: "Assinar o feed RSS",
  },
  en: {
    newsletter: "Newsletter",
    heading: "The blog's newsletter",
    byMail: "Get the posts by e-mail",
    rss: "Subscribe via RSS",
  },
} as const;

for (const lang of ["pt", "en"] as const) {
  test(`the newsletter is one link away: every page's footer and the top of the blog list (${lang})`, async ({
    page,
  }) => {
    const prefix = lang === "en" ? "/en" : "";
    for (const path of [prefix || "/", `${prefix}/about`, `${prefix}/blog/bot-discord`]) {
      await page.goto(path);
      const link = page.getByRole("contentinfo").getByRole("link", { name: texts[lang].newsletter, exact: true });
      await expect(link, path).toHaveAttribute("href", `${prefix}/newsletter`);
    }
    await page.getByRole("contentinfo").getByRole("link", { name: texts[lang].newsletter, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: texts[lang].heading })).toBeVisible();

    // On the blog list, both ways to follow the blog come before the posts; the form stays at the end.
    await page.goto(`${prefix}/blog`);
    const byMail = page.getByRole("link", { name: texts[lang].byMail });
    await expect(byMail).toHaveAttribute("href", `${prefix}/newsletter`);
    await expect(page.getByRole("link", { name: texts[lang].rss })).toHaveAttribute("href", `${prefix}/rss.xml`);
    const linkTop = (await byMail.boundingBox())?.y ?? Number.POSITIVE_INFINITY;
    const listTop = (await page.getByTestId("post-list").boundingBox())?.y ?? 0;
    expect(linkTop).toBeLessThan(listTop);
  });
}

/** Vertical gaps of a card: from the date to the title and excerpt, and from them to the card's foot. */
async function cardGaps(card: Locator) {
  return card.evaluate((article) => {
    const date = article.querySelector("time")?.closest("p")?.getBoundingClientRect();
    const middle = article.querySelector("h2")?.parentElement?.getBoundingClientRect();
    const foot = article.querySelector("h2")?.parentElement?.nextElementSibling?.getBoundingClientRect();
    return {
      above: (middle?.top ?? 0) - (date?.bottom ?? 0),
      below: (foot?.top ?? 0) - (middle?.bottom ?? 0),
      bottom: article.getBoundingClientRect().bottom - (foot?.bottom ?? 0),
    };
  });
}

async function openCard(page: Page, title: string) {
  await page.goto("/blog");
  const card = page
    .getByTestId("post-list")
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name: title }) });
  await expect(card).toHaveAttribute("data-cover", "no");
  return card;
}

test("a post without a cover is a card of text, on a desktop beside covered cards and on a phone", async ({
  browser,
  page,
}) => {
  const session = await browser.newContext();
  const author = await session.newPage();
  await signIn(author, "author");
  const slug = uniqueSlug("sem-capa");
  const title = `Sem capa ${slug}`;
  await seedPost(author, {
    title,
    slug,
    content: "## Por que funções puras\n\n- Fáceis de testar\n- Previsíveis",
    publish: true,
  });
  await session.close();

  await page.setViewportSize({ width: 1280, height: 800 });
  const card = await openCard(page, title);
  await expect(card.getByTestId("no-cover")).toHaveCount(1);
  await expect(card.locator("img")).toHaveCount(0);
  // The automatic excerpt keeps the heading and the list's items apart.
  await expect(card.locator("h2 + p")).toHaveText("Por que funções puras. Fáceis de testar. Previsíveis");
  await expect(card.getByText("Ler artigo →")).toBeVisible();
  // Stretched to its row, the card's words sit in its middle and its foot at its end: no empty block below them.
  const wide = await cardGaps(card);
  expect(Math.abs(wide.above - wide.below), JSON.stringify(wide)).toBeLessThanOrEqual(1);
  expect(wide.bottom).toBeLessThanOrEqual(25);

  // On a phone, one card a row: the card is as tall as its words.
  await page.setViewportSize({ width: 375, height: 740 });
  const narrow = await cardGaps(await openCard(page, title));
  expect(narrow.above, JSON.stringify(narrow)).toBeLessThanOrEqual(1);
  expect(narrow.below).toBeLessThanOrEqual(1);
  expect(narrow.bottom).toBeLessThanOrEqual(21);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
