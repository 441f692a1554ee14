import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { solidPng } from "../../helpers/images.ts";
import { expect, waitForHydration } from "../fixtures.ts";

/** A slug no other test uses, so tests can share one database in parallel. */
export const uniqueSlug = (base: string) => `${base}-${randomBytes(4).toString("hex")}`;

/** A small real image, made on the fly. */
export const pngBytes = solidPng;

/** Opens the admin, ready for clicks (its buttons work once the page is hydrated). */
export async function openAdmin(page: Page, lang: "pt" | "en" = "pt") {
  await page.goto(lang === "en" ? "/en/admin/blog" : "/admin/blog");
  await waitForHydration(page);
}

/** Opens the admin and the create form. */
export async function openNewPostForm(page: Page, lang: "pt" | "en" = "pt") {
  await openAdmin(page, lang);
  await page.getByRole("button", { name: lang === "en" ? "New Blog" : "Novo Blog" }).click();
  await expect(page.getByTestId("post-form")).toBeVisible();
}

/** Fills and submits the create form in Portuguese; resolves when the success toast shows. */
export async function createPostThroughForm(
  page: Page,
  post: { title: string; slug: string; content: string; excerpt?: string; publish?: boolean },
) {
  await openNewPostForm(page);
  const form = page.getByTestId("post-form");
  await form.getByLabel("Título").fill(post.title);
  await form.getByLabel("Slug", { exact: true }).fill(post.slug);
  await form.getByLabel("Conteúdo").fill(post.content);
  if (post.excerpt) await form.getByLabel("Resumo").fill(post.excerpt);
  if (post.publish) await form.getByRole("switch", { name: "Publicar agora" }).click();
  await form.getByRole("button", { name: "Criar" }).click();
  await expect(page.getByText("Blog criado com sucesso!")).toBeVisible();
  await expect(page.getByTestId("post-form")).toBeHidden();
}

/** The list row of a post in the admin. */
export const adminRow = (page: Page, title: string) =>
  page
    .getByTestId("admin-post-list")
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { level: 3, name: title }) });
