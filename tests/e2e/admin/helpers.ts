import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { SIGNED_IN_COOKIE } from "../../../app/lib/auth-cookies.ts";
import { SESSION_COOKIE } from "../../../app/server/auth/cookies.server.ts";
import { createSession } from "../../../app/server/auth/session.server.ts";
import { upsertGitHubUser } from "../../../app/server/auth/users.server.ts";
import { type Database, openDatabase } from "../../../app/server/db/client.server.ts";
import type { User } from "../../../app/server/db/schema.ts";
import { fakeAuthorLogins } from "../../../tools/fake-github/accounts.ts";
import { copyMigratedPglite } from "../../harness/migrated-pglite.ts";
import { startSiteServer } from "../../harness/site-server.ts";
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
  await page.getByRole("button", { name: lang === "en" ? "New post" : "Novo post" }).click();
  await expect(page.getByTestId("post-form")).toBeVisible();
}

/** Leaves the editor for the list of posts (the editor stays open after a save). */
export async function backToPosts(page: Page, lang: "pt" | "en" = "pt") {
  await page.getByRole("button", { name: lang === "en" ? "Back to posts" : "Voltar aos posts" }).click();
  await expect(page.getByTestId("post-form")).toBeHidden();
}

/**
 * Presses a publishing button of the desk (publish now, confirm a schedule)
 * and, when the newsletter has readers of the post's language (other tests
 * may have subscribed some on this server), answers its question: without
 * mailing unless `answer` says otherwise. Resolves once the publication went
 * to the server.
 * @example await publishAnswering(page, form.getByRole("button", { name: "Publicar agora" }))
 */
export async function publishAnswering(
  page: Page,
  button: Locator,
  { answer = "skip", tap = false }: { answer?: "send" | "skip"; tap?: boolean } = {},
) {
  await (tap ? button.tap() : button.click());
  const question = page.getByTestId("publish-question");
  const status = page.getByTestId("autosave-status");
  // Either the question is asked, or the request is on its way and its answer came ("...": still working).
  await expect
    .poll(async () => (await question.isVisible()) || !/\.\.\.$/.test((await status.textContent()) ?? ""))
    .toBe(true);
  if (!(await question.isVisible())) return;
  const name = answer === "send" ? /e enviar$|and email$/ : /sem enviar$|without emailing$/;
  await question.getByRole("button", { name }).click();
  await expect(question).toBeHidden();
}

/** A post in Portuguese a test makes, as a draft or published at once. */
export interface PostToMake {
  title: string;
  slug: string;
  content: string;
  excerpt?: string;
  publish?: boolean;
  /** When publishing asks, mail the readers ("send") or not (the default). */
  newsletter?: "send" | "skip";
}

/**
 * Fills and saves a new post in Portuguese, as a draft or published at once;
 * resolves back on the list once the success toast shows.
 */
export async function createPostThroughForm(page: Page, post: PostToMake) {
  await openNewPostForm(page);
  const form = page.getByTestId("post-form");
  await form.getByLabel("Título", { exact: true }).fill(post.title);
  await form.getByLabel("Slug", { exact: true }).fill(post.slug);
  await form.getByLabel("Conteúdo").fill(post.content);
  if (post.excerpt) await form.getByLabel("Resumo").fill(post.excerpt);
  if (post.publish) {
    await publishAnswering(page, form.getByRole("button", { name: "Publicar agora" }), {
      answer: post.newsletter ?? "skip",
    });
    await expect(page.getByText("Post publicado.")).toBeVisible();
  } else {
    // "Criar", or "Salvar" once an autosave has made the post.
    await form.getByRole("button", { name: /^(Criar|Salvar)$/ }).click();
    await expect(page.getByText(/^Post (criado|atualizado) com sucesso!$/)).toBeVisible();
  }
  await backToPosts(page);
}

/**
 * Makes a post in Portuguese for a test that only needs one to exist, as the
 * desk's own request does (the admin's action, over HTTP with the signed-in
 * page's cookies), then opens the list of posts where the form would have left
 * the author. Published ones skip the newsletter. Tests of writing a post use
 * `createPostThroughForm`.
 * @example await seedPost(page, { title, slug, content: "Original", publish: true });
 */
export async function seedPost(page: Page, post: PostToMake) {
  const origin = new URL(page.url()).origin;
  const response = await page.request.post("/admin/blog.data", {
    headers: { Origin: origin },
    form: {
      intent: post.publish ? "publish" : "save",
      title: post.title,
      slug: post.slug,
      content: post.content,
      excerpt: post.excerpt ?? "",
      lang: "pt",
      newsletter: "skip",
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  await openAdmin(page);
}

/** The list row of a post in the admin. */
/** Opens a post's editor in the page given and in a second tab of the same browser; returns the second. */
export async function editInTwoTabs(page: Page, title: string): Promise<Page> {
  const second = await page.context().newPage();
  await openAdmin(second);
  for (const tab of [page, second]) {
    await adminRow(tab, title)
      .getByRole("button", { name: /^Editar/ })
      .click();
  }
  return second;
}

export const adminRow = (page: Page, title: string) =>
  page
    .getByTestId("admin-post-list")
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { level: 3, name: title }) });

/** A production server of a test's own, on a database it seeded, and its author's session. */
export interface SeededServer {
  /** `http://127.0.0.1:{port}`. */
  origin: string;
  /** Puts the seeded author's session in the page's browser. */
  signIn(page: Page): Promise<void>;
  /** Opens a path of the server signed in, once it is hydrated. */
  open(page: Page, pathname: string): Promise<void>;
  /** Stops the server and deletes its data. */
  stop(): Promise<void>;
}

/**
 * Seeds an embedded database in a new data directory with the author
 * `rafael-werneck` (GitHub gave no e-mail), a session of theirs and what
 * `seed` writes, then starts a production server on it with `env` (no mail
 * server unless `env` names one, flood limits off).
 * @example const server = await startSeededServer("audience", (db) => db.insert(…), { ANALYTICS: "off" });
 */
export async function startSeededServer(
  name: string,
  seed: (db: Database, author: User) => Promise<unknown>,
  env: NodeJS.ProcessEnv = {},
): Promise<SeededServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `portfolio-${name}-`));
  const remove = () => rmSync(dataDir, { recursive: true, force: true });
  try {
    await copyMigratedPglite(dataDir);
    const database = await openDatabase({ dataDir });
    let token: string;
    try {
      const author = await upsertGitHubUser(database.db, {
        githubId: 1001,
        login: "rafael-werneck",
        name: "Rafael Werneck",
        avatarUrl: null,
        email: null,
      });
      token = (await createSession(database.db, author.id)).token;
      await seed(database.db, author);
    } finally {
      await database.close();
    }
    const server = await startSiteServer({
      PATH: process.env.PATH,
      DATA_DIR: dataDir,
      AUTHOR_GITHUB_LOGINS: fakeAuthorLogins,
      RENDER_RATE_LIMIT: "0",
      SEARCH_RATE_LIMIT: "0",
      ...env,
    });
    const { origin } = server;
    const signIn = (page: Page) =>
      page.context().addCookies([
        { name: SESSION_COOKIE, value: token, url: origin, httpOnly: true, sameSite: "Lax" },
        { name: SIGNED_IN_COOKIE, value: "1", url: origin, sameSite: "Lax" },
      ]);
    return {
      origin,
      signIn,
      async open(page, pathname) {
        await signIn(page);
        await page.goto(`${origin}${pathname}`);
        await waitForHydration(page);
      },
      async stop() {
        await server.stop();
        remove();
      },
    };
  } catch (error) {
    remove();
    throw error;
  }
}
