import { expect, test } from "../fixtures.ts";

// Paths no route matches share their language's one not-found page, rendered once and then
// answered from memory (http-server/unmatched-paths.ts): same text and status as before, no render each.
for (const [lang, paths, heading] of [
  ["pt", ["/nao-existe-um", "/nao/existe/dois?x=1", "/assets/nao-existe.js"], "Oops! Página não encontrada"],
  ["en", ["/en/does-not-exist-one", "/en/does/not/exist/two?x=1"], "Oops! Page not found"],
] as const) {
  test(`unknown paths answer 404 from one cached not-found page (${lang})`, async ({ page, request }) => {
    const answers = [];
    for (const path of paths) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
      answers.push({ path, cache: response.headers()["x-cache"], body: await response.text() });
    }
    for (const { path, body } of answers) expect(body, path).toContain(heading);
    // After the first (which may have been rendered by another test already), every one is a hit.
    expect(answers.slice(1).map((answer) => answer.cache)).toEqual(answers.slice(1).map(() => "hit"));

    const response = await page.goto(paths[0]);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    await expect(page).toHaveURL(new RegExp(`${paths[0]}$`));
  });
}

test("stored objects, loader data and forms of unknown paths keep their own answers", async ({ request }) => {
  const upload = await request.get("/uploads/covers/nao-existe.webp");
  expect(upload.status()).toBe(404);
  expect(upload.headers()["x-cache"]).toBeUndefined();
  const data = await request.get("/nao-existe.data");
  expect(data.status()).toBe(404);
  expect(data.headers()["content-type"]).not.toContain("text/html");
});

// Unknown ids of the dynamic routes get their route's own not-found page (its own text), also
// rendered once and then answered from memory (decision 027).
for (const [paths, heading] of [
  [["/projects/nao-existe-1", "/projects/nao-existe-2?x=1"], "Projeto não encontrado"],
  [["/en/projects/no-such-one", "/en/projects/no-such-two"], "Project not found"],
  [["/en/services/no-such-one", "/en/services/no-such-two"], "Service not found"],
  [["/blog/post-que-nao-existe-1", "/blog/post-que-nao-existe-2?utm_source=x"], "Oops! Página não encontrada"],
  [["/en/blog/tag/no-such-tag-1", "/en/blog/tag/no-such-tag-2"], "Oops! Page not found"],
] as const) {
  test(`unknown ids answer 404 from their route's cached page: ${paths[0]}`, async ({ page, request }) => {
    // The first request of a server may render its own page (the blog's index of slugs and tags
    // loads meanwhile) and the first of the route's page is a miss; from then on, every one is a hit.
    await expect.poll(async () => (await request.get(paths[0])).headers()["x-cache"]).toBe("hit");
    for (const path of paths) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
      expect(response.headers()["x-cache"], path).toBe("hit");
    }
    const response = await page.goto(paths[1]);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
  });
}

test("an unknown company goes back to the list, as its page does", async ({ request }) => {
  const response = await request.get("/en/companies/no-such-company", { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe("/en/companies");
});
