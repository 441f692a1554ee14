import { expect, test } from "../fixtures.ts";
import { inLang } from "./helpers.ts";

for (const [lang, status, stats] of [
  ["pt", "Cursando atualmente", ["2,5 anos", "5º período", "Presencial", "Em andamento"]],
  ["en", "Currently studying", ["2.5 years", "5th period", "On-campus", "In progress"]],
] as const) {
  test(`the course page shows status, figures, subjects, projects, goals and journey (${lang})`, async ({ page }) => {
    await page.goto(inLang(lang, "/course"));
    await expect(page.getByTestId("course-status")).toHaveText(status);
    await expect(page.getByTestId("course-stats").locator("dd")).toHaveText([...stats]);
    await expect(page.getByTestId("subjects").getByRole("listitem")).toHaveCount(6);
    await expect(page.getByTestId("course-projects").locator(":scope > li")).toHaveCount(4);
    await expect(page.getByTestId("goals").getByRole("listitem")).toHaveCount(3);
    await expect(page.getByTestId("course-timeline").getByRole("listitem")).toHaveCount(4);
  });
}

test("the journey colours steps: completed green, current blue and pulsing, upcoming grey", async ({ page }) => {
  await page.goto("/course");
  const dotColour = (status: string) =>
    page
      .locator(`[data-status="${status}"] span[aria-hidden="true"] > span:last-child`)
      .first()
      .evaluate((dot) => getComputedStyle(dot).backgroundColor);
  const root = await page.evaluate(() => {
    const style = getComputedStyle(document.documentElement);
    const probe = document.createElement("span");
    document.body.append(probe);
    const resolve = (value: string) => {
      probe.style.backgroundColor = value;
      return getComputedStyle(probe).backgroundColor;
    };
    return { success: resolve(style.getPropertyValue("--success")), info: resolve(style.getPropertyValue("--info")) };
  });
  expect(await dotColour("completed")).toBe(root.success);
  expect(await dotColour("current")).toBe(root.info);
  expect(await dotColour("upcoming")).not.toBe(root.success);
  expect(await dotColour("upcoming")).not.toBe(root.info);
  const pulse = page.getByTestId("pulse");
  await expect(pulse).toHaveCount(1);
  expect(await pulse.evaluate((element) => getComputedStyle(element).animationName)).toBe("ping");
});

test.describe("with reduced motion", () => {
  test.use({ reducedMotion: "reduce" });
  test("the current step stops pulsing", async ({ page }) => {
    await page.goto("/course");
    expect(await page.getByTestId("pulse").evaluate((element) => getComputedStyle(element).animationName)).toBe("none");
  });
});
