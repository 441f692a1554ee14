import { servicePrices as prices } from "../../helpers/portfolio-pages.ts";
import { expect, test, waitForHydration } from "../fixtures.ts";
import { expectExternal, inLang } from "./helpers.ts";

const plain = (text: string | null) => (text ?? "").replace(/\u00a0/g, " ").trim();

for (const lang of ["pt", "en"] as const) {
  test(`the services page shows six categories of five features with learn-more links (${lang})`, async ({ page }) => {
    await page.goto(inLang(lang, "/services"));
    const cards = page.getByTestId("service-card");
    await expect(cards).toHaveCount(6);
    for (const card of await cards.all()) {
      await expect(card.getByTestId("service-features").getByRole("listitem")).toHaveCount(5);
    }
    const links = await cards.getByRole("link").evaluateAll((anchors) => anchors.map((a) => a.getAttribute("href")));
    expect(links).toEqual(Object.keys(prices[lang]).map((id) => inLang(lang, `/services/${id}`)));
    const shown = await page.getByTestId("service-price").allTextContents();
    expect(shown.map(plain)).toEqual(Object.values(prices[lang]));
  });

  for (const [id, price] of Object.entries(prices[lang])) {
    test(`the ${id} page prices in ${lang === "pt" ? "reais" : "dollars"} (${lang})`, async ({ page }) => {
      await page.goto(inLang(lang, `/services/${id}`));
      expect(plain(await page.getByTestId("service-price").textContent())).toBe(price);
      await expect(page.getByTestId("service-delivery")).not.toBeEmpty();
      await expect(page.getByTestId("service-requirements").getByRole("listitem")).not.toHaveCount(0);
      await expect(page.getByTestId("service-technologies").getByRole("listitem")).not.toHaveCount(0);
      // Its offer in structured data is read over HTTP: tests/server/served-pages.test.ts.
    });
  }

  test(`an unknown service answers 404 with a way back (${lang})`, async ({ page }) => {
    const response = await page.goto(inLang(lang, "/services/nao-existe"));
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      lang === "pt" ? "Serviço não encontrado" : "Service not found",
    );
    await waitForHydration(page);
    await page.getByRole("link", { name: lang === "pt" ? "Voltar para os serviços" : "Back to services" }).click();
    await expect(page).toHaveURL(new RegExp(`${inLang(lang, "/services")}$`));
  });
}

test("a service page offers a quote in a new tab and more information on the contact page", async ({ page }) => {
  await page.goto("/en/services/web-development");
  await expectExternal(page.getByTestId("request-quote"), "https://wa.me/5581998765432");
  await waitForHydration(page);
  await page.getByRole("link", { name: /^More Information/ }).click();
  await expect(page).toHaveURL(/\/en\/contact$/);
});

test("client projects show their status colour and a view button only when completed", async ({ page }) => {
  await page.goto("/services/mobile-development");
  const projects = page.getByTestId("client-project");
  await expect(projects).toHaveCount(2);
  const completed = page.locator('[data-testid="client-project"][data-status="completed"]');
  await expect(completed.locator("[data-tone]")).toHaveAttribute("data-tone", "success");
  await expect(completed.locator("[data-tone]")).toHaveText("Concluído");
  await expectExternal(completed.getByTestId("view-client-project"));
  const onHold = page.locator('[data-testid="client-project"][data-status="on-hold"]');
  await expect(onHold.locator("[data-tone]")).toHaveAttribute("data-tone", "neutral");
  await expect(onHold.getByTestId("view-client-project")).toHaveCount(0);

  await page.goto("/en/services/web-development");
  const inProgress = page.locator('[data-testid="client-project"][data-status="in-progress"]');
  await expect(inProgress.locator("[data-tone]")).toHaveAttribute("data-tone", "info");
  await expect(inProgress.locator("[data-tone]")).toHaveText("In progress");
  await expect(inProgress.getByTestId("view-client-project")).toHaveCount(0);
  const colours = await page
    .locator("[data-tone]")
    .evaluateAll((badges) => badges.map((b) => getComputedStyle(b).color));
  expect(new Set(colours).size).toBe(2);
});
