import { expect, test, waitForHydration } from "../fixtures.ts";
import { expectExternal, inLang } from "./helpers.ts";

for (const lang of ["pt", "en"] as const) {
  test(`the projects page shows six cards and a quote button (${lang})`, async ({ page }) => {
    await page.goto(inLang(lang, "/projects"));
    const cards = page.getByTestId("project-card");
    await expect(cards).toHaveCount(6);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(lang === "pt" ? "Projetos" : "Projects");
    const quote = page.getByTestId("request-quote").first();
    await expectExternal(quote, "https://wa.me/5581998765432");
    await expect(quote).toContainText(lang === "pt" ? "Solicitar orçamento" : "Request a quote");
    for (const image of await cards.locator("img").all()) {
      await expect(image).toHaveAttribute("width", /\d+/);
      await expect(image).toHaveAttribute("height", /\d+/);
    }
  });

  test(`a project page shows every field and a visit link (${lang})`, async ({ page }) => {
    await page.goto(inLang(lang, "/projects/devstudio"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("DevStudio");
    await expect(page.getByTestId("project-delivery")).toContainText(lang === "pt" ? "Junho de 2024" : "June 2024");
    await expect(page.getByTestId("project-team")).toBeVisible();
    await expect(page.getByTestId("project-duration")).toBeVisible();
    await expect(page.getByText("PostgreSQL").first()).toBeVisible();
    for (const heading of lang === "pt"
      ? ["Desafio", "Solução", "Principais funcionalidades", "Resultados alcançados"]
      : ["Challenge", "Solution", "Key Features", "Achieved Results"]) {
      await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
    }
    const visit = page.getByTestId("visit-project");
    await expect(visit).toContainText(lang === "pt" ? "Visitar projeto" : "Visit Project");
    await expectExternal(visit, "https://devstudio.app");
    await expectExternal(page.getByTestId("request-quote"));
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /\.webp$/);
  });

  test(`an unknown project answers 404 with a way back (${lang})`, async ({ page }) => {
    const response = await page.goto(inLang(lang, "/projects/nao-existe"));
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      lang === "pt" ? "Projeto não encontrado" : "Project not found",
    );
    await waitForHydration(page);
    await page.getByRole("link", { name: lang === "pt" ? "Voltar para os projetos" : "Back to projects" }).click();
    await expect(page).toHaveURL(new RegExp(`${inLang(lang, "/projects")}$`));
  });
}

test("a project still in development has no visit link", async ({ page }) => {
  await page.goto("/en/projects/atendefly");
  await expect(page.getByTestId("project-delivery")).toContainText("In development");
  await expect(page.getByTestId("visit-project")).toHaveCount(0);
  await expect(page.getByTestId("request-quote")).toBeVisible();
});

test("a card leads to its project page and the back link returns", async ({ page }) => {
  await page.goto("/projects");
  await waitForHydration(page);
  await page.getByRole("link", { name: "Site da Família Werneck" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Site da Família Werneck");
  await page.getByRole("link", { name: "Voltar para os projetos" }).click();
  await expect(page).toHaveURL(/\/projects$/);
});

for (const path of [
  "/projects/site-da-família-werneck",
  "/projects/site-da-fam%C3%ADlia-werneck",
  "/projects/site-da-fam%c3%adlia-werneck",
]) {
  test(`the accented slug opens typed or encoded (${path})`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Site da Família Werneck");
  });
}

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 812 } });
  test("the project grid is one column and nothing scrolls sideways", async ({ page }) => {
    await page.goto("/projects");
    const boxes = await page
      .getByTestId("project-card")
      .evaluateAll((cards) => cards.map((card) => card.getBoundingClientRect().x));
    expect(new Set(boxes).size).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});

test("on a desktop the project grid has three columns", async ({ page }) => {
  await page.goto("/projects");
  const xs = await page
    .getByTestId("project-card")
    .evaluateAll((cards) => cards.map((card) => Math.round(card.getBoundingClientRect().x)));
  expect(new Set(xs).size).toBe(3);
});
