import { expect, test } from "../fixtures.ts";

// Paths no route matches share their language's one not-found page, and unknown ids of the dynamic routes
// get their route's own, each rendered once and then answered from memory (decision 027): their statuses,
// texts and cache hits are read over HTTP (tests/server/served-headers.test.ts). Here, the page a reader sees.
for (const [lang, path, heading] of [
  ["pt", "/nao-existe-um", "Oops! Página não encontrada"],
  ["en", "/en/does-not-exist-one", "Oops! Page not found"],
] as const) {
  test(`an unknown path shows its language's not-found page (${lang})`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  });
}

for (const [path, heading] of [
  ["/projects/nao-existe-2?x=1", "Projeto não encontrado"],
  ["/en/projects/no-such-two", "Project not found"],
  ["/en/services/no-such-two", "Service not found"],
  ["/blog/post-que-nao-existe-2?utm_source=x", "Oops! Página não encontrada"],
  ["/en/blog/tag/no-such-tag-2", "Oops! Page not found"],
] as const) {
  test(`an unknown id shows its route's not-found page: ${path}`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
  });
}
