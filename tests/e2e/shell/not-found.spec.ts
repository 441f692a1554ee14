import { expect, test } from "../fixtures.ts";

for (const [lang, path, heading, link] of [
  ["pt", "/esta-pagina-nao-existe", "Oops! Página não encontrada", "Voltar para o início"],
  ["en", "/en/this-page-does-not-exist", "Oops! Page not found", "Return to Home"],
  ["pt", "/blog/nao-existe", "Oops! Página não encontrada", "Voltar para o início"],
] as const) {
  test(`an unknown path answers 404 with the not-found page (${lang}, ${path})`, async ({ page }) => {
    const logged: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") logged.push(message.text());
    });
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expect.poll(() => logged.some((line) => line.includes(path))).toBe(true);

    await page.getByRole("link", { name: link }).click();
    await expect(page).toHaveURL(lang === "en" ? /\/en$/ : /\/$/);
  });
}

test("an unknown company redirects to the companies list", async ({ page }) => {
  const response = await page.request.get("/companies/nope", { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe("/companies");
  await page.goto("/en/companies/nope");
  await expect(page).toHaveURL(/\/en\/companies$/);
});
