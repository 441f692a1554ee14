import { expect, test } from "../fixtures.ts";
import { expectExternal, inLang } from "./helpers.ts";

for (const [lang, rating, category, buy] of [
  ["pt", "5 de 5", "Engenharia de software", "Comprar o livro"],
  ["en", "5 out of 5", "Software engineering", "Buy the book"],
] as const) {
  test(`the recommended book shows its rating, facts and a buy link (${lang})`, async ({ page }) => {
    await page.goto(inLang(lang, "/recommendations"));
    const book = page.getByTestId("book");
    await expect(book.getByRole("heading", { level: 2 })).toHaveText("Clean Code");
    await expect(book).toContainText("Robert C. Martin");
    await expect(book.getByRole("img", { name: rating })).toBeVisible();
    await expect(book.locator('[data-filled="true"]')).toHaveCount(5);
    await expect(book).toContainText(category);
    await expect(book).toContainText("2020");
    await expect(book.getByRole("heading", { level: 3 })).toBeVisible();
    const link = page.getByTestId("buy-book");
    await expect(link).toContainText(buy);
    await expectExternal(link, /^https:\/\//);
  });
}
