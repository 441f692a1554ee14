import { expect, scrollToRest, test, waitForHydration } from "../fixtures.ts";

for (const [lang, path, button, title] of [
  ["pt", "/", "Fale comigo", "Vamos conversar"],
  ["en", "/en", "Contact me", "Let's talk"],
] as const) {
  test(`the hero's contact button opens a labelled modal dialog that traps focus and closes with Escape (${lang})`, async ({
    page,
  }) => {
    await page.goto(path);
    await waitForHydration(page);
    const opener = page.getByTestId("home-hero").getByRole("button", { name: button });
    await opener.click();

    const dialog = page.getByRole("dialog", { name: title });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute("aria-modal", "true");
    await expect(dialog.getByRole("link", { name: /contato@rafaelwerneck\.dev/ })).toHaveAttribute(
      "href",
      "mailto:contato@rafaelwerneck.dev",
    );
    const socials = dialog.getByRole("list").getByRole("link");
    await expect(socials).toHaveCount(6);
    for (const link of await socials.all()) {
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    }

    // Focus starts inside and never leaves, forwards or backwards.
    const focusInDialog = () => dialog.evaluate((node) => node.contains(document.activeElement));
    expect(await focusInDialog()).toBe(true);
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press("Tab");
      expect(await focusInDialog()).toBe(true);
    }
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press("Shift+Tab");
      expect(await focusInDialog()).toBe(true);
    }

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });
}

test("the call to action opens the same dialog, which the close button closes", async ({ page }) => {
  await page.goto("/en");
  await waitForHydration(page);
  const opener = page.getByTestId("home-cta").getByRole("button", { name: "Contact me" });
  await scrollToRest(opener);
  await opener.click();
  const dialog = page.getByRole("dialog", { name: "Let's talk" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test("the page behind the dialog cannot be reached", async ({ page }) => {
  await page.goto("/en");
  await waitForHydration(page);
  await page.getByTestId("home-hero").getByRole("button", { name: "Contact me" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  // showModal makes everything else inert: nothing behind the dialog can take focus.
  const focusedBehind = await page.evaluate(() => {
    const link = document.querySelector<HTMLAnchorElement>("header a");
    link?.focus();
    return document.activeElement === link;
  });
  expect(focusedBehind).toBe(false);
});
