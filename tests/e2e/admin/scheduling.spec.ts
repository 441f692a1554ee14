import { limit } from "../../harness/host-speed.ts";
import { expect, expectNoSeriousA11yViolations, restoreSession, test } from "../fixtures.ts";
import { adminRow, backToPosts, openAdmin, openNewPostForm, publishAnswering, uniqueSlug } from "./helpers.ts";

/** `YYYY-MM-DDTHH:mm` of a moment in the browser's time zone, as the date-time control takes it. */
function localInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

test("an author schedules a post in their time zone; a time in the past is refused", async ({ page }) => {
  await restoreSession(page);
  const slug = uniqueSlug("agendado");
  const title = `Agendado ${slug}`;
  await openNewPostForm(page);
  const form = page.getByTestId("post-form");
  await form.getByLabel("Título", { exact: true }).fill(title);
  await form.getByLabel("Slug", { exact: true }).fill(slug);
  await form.getByLabel("Conteúdo").fill("Chega na hora certa.");

  // A time in the past is refused, and nothing typed is lost.
  await form.getByRole("button", { name: "Agendar" }).click();
  const when = form.getByLabel("Data e hora da publicação");
  await expect(when).toBeFocused();
  await expect(form.getByText(/No fuso horário \S+/)).toBeVisible();
  await when.fill(localInput(new Date(Date.now() - 3_600_000)));
  await expectNoSeriousA11yViolations(page);
  await form.getByRole("button", { name: "Confirmar agendamento" }).click();
  await expect(form.getByText("Escolha uma data e hora no futuro para agendar.")).toBeVisible();
  await expect(when).toBeFocused();
  await expect(form.getByLabel("Título", { exact: true })).toHaveValue(title);

  // Minutes are what the control takes; the next test times the publication to the second.
  await when.fill(localInput(new Date(Date.now() + 3_600_000)));
  await when.press("Enter");
  await expect(page.getByText("Post agendado.")).toBeVisible();
  await expect(form.getByTestId("publish-state")).toContainText(/Agendado para .+ \(\S+\)/);
  await backToPosts(page);
  await expect(adminRow(page, title)).toContainText("Agendado para");

  expect((await page.request.get(`/blog/${slug}`)).status()).toBe(404);
});

test("a scheduled post is nowhere until its time, then everywhere without anyone acting", async ({ page }) => {
  test.setTimeout(limit(120_000));
  await restoreSession(page);
  await openAdmin(page);
  const slug = uniqueSlug("na-hora");
  const title = `Na hora ${slug}`;
  // Posted as the form posts it, with a time to the second, 32 seconds ahead.
  const at = new Date(Date.now() + 32_000);
  const created = await page.request.post("/admin/blog", {
    headers: { origin: new URL(page.url()).origin },
    form: { intent: "create", title, slug, content: "Chega na hora certa.", lang: "pt", scheduledAt: at.toISOString() },
  });
  expect(created.status()).toBe(200);

  // Before its time: no page, and absent from the list (cached too), the feed and the sitemap.
  expect((await page.request.get(`/blog/${slug}`)).status()).toBe(404);
  for (let i = 0; i < 2; i++) expect(await (await page.request.get("/blog")).text()).not.toContain(title);
  expect(await (await page.request.get("/rss.xml")).text()).not.toContain(slug);
  expect(await (await page.request.get("/sitemap.xml")).text()).not.toContain(slug);

  await page.waitForTimeout(Math.max(0, at.getTime() - Date.now()));
  await expect
    .poll(async () => (await page.request.get(`/blog/${slug}`)).status(), { timeout: limit(15_000) })
    .toBe(200);
  expect(await (await page.request.get("/blog")).text()).toContain(title);
  expect(await (await page.request.get("/rss.xml")).text()).toContain(slug);
  expect(await (await page.request.get("/sitemap.xml")).text()).toContain(slug);
  await openAdmin(page);
  await expect(adminRow(page, title)).toContainText("Publicado");
});

test("a schedule is moved and cancelled from the form, in English", async ({ page }) => {
  await restoreSession(page);
  const slug = uniqueSlug("later");
  const title = `Later ${slug}`;
  await openNewPostForm(page, "en");
  const form = page.getByTestId("post-form");
  await form.getByLabel("Title", { exact: true }).fill(title);
  await form.getByLabel("Slug", { exact: true }).fill(slug);
  await form.getByLabel("Content").fill("Some day.");
  await form.getByRole("button", { name: "Schedule" }).click();
  await form.getByLabel("Publication date and time").fill(localInput(new Date(Date.now() + 86_400_000)));
  await publishAnswering(page, form.getByRole("button", { name: "Confirm schedule" }));
  await expect(page.getByText("Post scheduled.")).toBeVisible();
  await backToPosts(page, "en");
  await expect(adminRow(page, title)).toContainText("Scheduled for");

  await adminRow(page, title).getByRole("button", { name: /^Edit/ }).click();
  await expect(form.getByTestId("publish-state")).toContainText("Scheduled for");
  await form.getByRole("button", { name: "Change schedule" }).click();
  await form.getByRole("button", { name: "Back to draft" }).click();
  await expect(page.getByText("Post unpublished: it is a draft again.")).toBeVisible();
  await expect(form.getByTestId("publish-state")).toHaveText("Draft");
  await backToPosts(page, "en");
  await expect(adminRow(page, title)).toContainText("Draft");
  expect((await page.request.get(`/en/blog/${slug}`)).status()).toBe(404);
});
