import type { Locator, Page } from "@playwright/test";
import { expect, test, waitForHydration } from "../fixtures.ts";

/** The accordion's entries (`<details>`) and their questions (`<summary>`). */
function accordion(page: Page) {
  const entries = page.getByTestId("home-faq").locator("details");
  return { entries, questions: entries.locator("summary") };
}

/** Which of the six answers are open: only the one at `index`, or none. */
async function expectOnlyOpen(entries: Locator, index: number | null) {
  await expect
    .poll(() => entries.evaluateAll((details) => details.map((d) => (d as HTMLDetailsElement).open)))
    .toEqual(Array.from({ length: 6 }, (_, i) => i === index));
}

test("one answer is open at a time, and the open one can be closed", async ({ page }) => {
  await page.goto("/en");
  await waitForHydration(page);
  const { entries, questions } = accordion(page);
  await expect(entries).toHaveCount(6);
  await expectOnlyOpen(entries, null);
  const firstAnswer = entries.nth(0).locator("p");
  await expect(firstAnswer).toBeHidden();

  await questions.nth(0).click();
  await expectOnlyOpen(entries, 0);
  await expect(firstAnswer).toBeVisible();
  await expect(firstAnswer).toContainText("Web and mobile development");

  await questions.nth(1).click();
  await expectOnlyOpen(entries, 1);
  await expect(firstAnswer).toBeHidden();

  await questions.nth(1).click();
  await expectOnlyOpen(entries, null);
});

test("the accordion works from the keyboard, in Portuguese", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  const { entries, questions } = accordion(page);
  const question = questions.filter({ hasText: "Quanto tempo leva para desenvolver um projeto?" });
  await expect(question.getByRole("heading", { level: 3 })).toHaveText(
    "Quanto tempo leva para desenvolver um projeto?",
  );
  await question.focus();
  await page.keyboard.press("Enter");
  await expectOnlyOpen(entries, 1);
  await expect(entries.nth(1)).toContainText("1 a 4 semanas");
  await page.keyboard.press("Space");
  await expectOnlyOpen(entries, null);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the accordion already works before the page's scripts run", async ({ page }) => {
    await page.goto("/en");
    const { entries, questions } = accordion(page);
    await questions.nth(2).click();
    await expectOnlyOpen(entries, 2);
    await questions.nth(4).click();
    await expectOnlyOpen(entries, 4);
  });
});

test("after a client-side navigation the accordion is rendered afresh and still works", async ({ page }) => {
  await page.goto("/en/about");
  await waitForHydration(page);
  await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Home" }).click();
  await expect(page).toHaveURL(/\/en$/);
  const { entries, questions } = accordion(page);
  await expect(entries).toHaveCount(6);
  await questions.nth(5).click();
  await expectOnlyOpen(entries, 5);
});
