import { expect, test, waitForHydration } from "../fixtures.ts";
import { stopClock } from "./helpers.ts";

test("the name is typed at 120 ms, held 2 s and deleted at 80 ms, cycling both names", async ({ page }) => {
  await stopClock(page);
  await page.goto("/en");
  await waitForHydration(page);
  const typed = page.getByTestId("typewriter");
  await expect(typed).toHaveText("Rafael Werneck");
  await expect(typed).toHaveAttribute("data-animated", "true");

  await page.clock.runFor(1999);
  await expect(typed).toHaveText("Rafael Werneck");
  await page.clock.runFor(1);
  await expect(typed).toHaveText("Rafael Wernec");
  await page.clock.runFor(80);
  await expect(typed).toHaveText("Rafael Werne");
  await page.clock.runFor(12 * 80);
  await expect(typed).toHaveText("");
  await page.clock.runFor(120);
  await expect(typed).toHaveText("R");
  await page.clock.runFor(11 * 120);
  await expect(typed).toHaveText("Rafa Werneck");
  await page.clock.runFor(2000 + 12 * 80 + 120);
  await expect(typed).toHaveText("R");
  await page.clock.runFor(120);
  await expect(typed).toHaveText("Ra");
});

test("screen readers hear the full name once, whatever the animation shows", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveAccessibleName("Olá, eu sou Rafael Werneck");
});

test("the full name is in the prerendered HTML", async ({ request }) => {
  for (const path of ["/", "/en"]) {
    const html = await (await request.get(path)).text();
    expect(html).toMatch(/<h1[^>]*>.*Rafael Werneck.*<\/h1>/s);
  }
});

test.describe("with reduced motion", () => {
  test.use({ reducedMotion: "reduce" });

  test("the full name stands still, without a cursor", async ({ page }) => {
    await stopClock(page);
    await page.goto("/en");
    await waitForHydration(page);
    const typed = page.getByTestId("typewriter");
    await expect(typed).toHaveAttribute("data-animated", "false");
    await page.clock.runFor(5000);
    await expect(typed).toHaveText("Rafael Werneck");
  });
});
