import { expect, test, waitForHydration } from "../fixtures.ts";

test("one answer is open at a time, and the open one can be closed", async ({ page }) => {
  await page.goto("/en");
  await waitForHydration(page);
  const faq = page.getByTestId("home-faq");
  const questions = faq.getByRole("button");
  await expect(questions).toHaveCount(6);
  for (const question of await questions.all()) await expect(question).toHaveAttribute("aria-expanded", "false");

  const first = questions.nth(0);
  const second = questions.nth(1);
  await first.click();
  await expect(first).toHaveAttribute("aria-expanded", "true");
  const firstAnswer = page.locator(`#${await first.getAttribute("aria-controls")}`);
  await expect(firstAnswer).toBeVisible();
  await expect(firstAnswer).toHaveRole("region");

  await second.click();
  await expect(second).toHaveAttribute("aria-expanded", "true");
  await expect(first).toHaveAttribute("aria-expanded", "false");
  await expect(firstAnswer).toBeHidden();
  await expect(faq.getByRole("region")).toHaveCount(1);

  await second.click();
  await expect(second).toHaveAttribute("aria-expanded", "false");
  await expect(faq.getByRole("region")).toHaveCount(0);
});

test("the accordion works from the keyboard, in Portuguese", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  const question = page.getByRole("button", { name: "Quanto tempo leva para desenvolver um projeto?" });
  await question.focus();
  await page.keyboard.press("Enter");
  await expect(question).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByRole("region", { name: "Quanto tempo leva para desenvolver um projeto?" })).toContainText(
    "1 a 4 semanas",
  );
  await page.keyboard.press("Space");
  await expect(question).toHaveAttribute("aria-expanded", "false");
});
