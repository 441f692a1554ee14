import { expect, signIn, test } from "../fixtures.ts";

test("a visitor opening the admin is sent home with a toast and never sees admin markup", async ({ page }) => {
  const response = await page.request.get("/admin/blog", { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe("/");
  expect(response.headers()["cache-control"]).toBe("no-store");
  const body = await response.text();
  expect(body).not.toContain("Gerenciar posts");
  expect(body).not.toContain("author");

  await page.goto("/admin/blog");
  await expect(page).toHaveURL(/:\d+\/$/);
  await expect(page.getByText("Você precisa estar logado para acessar esta página")).toBeVisible();
});

test("in English the admin guard sends the visitor to the English home page", async ({ page }) => {
  const response = await page.request.get("/en/admin/blog", { maxRedirects: 0 });
  expect(response.headers().location).toBe("/en");
  await page.goto("/en/admin/blog");
  await expect(page).toHaveURL(/\/en$/);
  await expect(page.getByText("You need to be signed in to access this page")).toBeVisible();
});

test("the admin's data request is guarded too, not only the page", async ({ request }) => {
  const response = await request.get("/admin/blog.data", { maxRedirects: 0 });
  const body = await response.text();
  expect(body).not.toContain("rafael-werneck");
  expect(body).not.toContain("Gerenciar posts");
  expect(body).toContain("redirect");
});

test("an author reaches the admin by client-side navigation; a lost session is caught on the next one", async ({
  page,
  context,
}) => {
  await signIn(page);
  const header = page.getByRole("banner");
  await header.getByRole("link", { name: "Admin" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Gerenciar posts" })).toBeVisible();

  // The session ends while the page stays open; the next guarded client-side navigation refuses it.
  await context.clearCookies({ name: "session" });
  await header.getByRole("navigation").getByRole("link", { name: "Sobre" }).click();
  await expect(page).toHaveURL(/\/about$/);
  await header.getByRole("link", { name: "Admin" }).click();
  await expect(page).toHaveURL(/:\d+\/$/);
  await expect(page.getByText("Você precisa estar logado para acessar esta página")).toBeVisible();
  await expect(header.getByRole("button", { name: "Login" })).toBeVisible();
});
