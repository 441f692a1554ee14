/**
 * What the subscribers' admin page does beyond reading: its form posts
 * (the digest's day and hour, a test mail, deleting a subscriber), each
 * answered with a sentence in the author's language, and the CSV export.
 * Only reached through the author guard of its routes.
 */
import { type Dictionary, format } from "../../i18n/index.ts";
import { type Lang, languages } from "../../i18n/paths.ts";
import { listPublishedPosts } from "../blog/posts.server.ts";
import type { Database } from "../db/client.server.ts";
import type { Blog, NewsletterSubscriber } from "../db/schema.ts";
import { logWarning } from "../log.server.ts";
import { saveDigestSettings } from "./queue.server.ts";
import { deleteSubscriber, findSubscriber, subscribersAfter } from "./subscribers.server.ts";

type Texts = Dictionary["admin"]["subscribers"];

export type SubscriberField = "weekday" | "hour" | "id";

export interface SubscriberActionBody {
  ok: boolean;
  intent: string;
  message: string;
  /** The field a refusal is about, so the form can mark it. */
  field?: SubscriberField;
}

/** How the action sends a test: the newsletter's `sendTest` (null without SMTP) and the author's address. */
export interface TestMail {
  sendTest: ((to: string, post: Blog) => Promise<void>) | null;
  to: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A whole number written plainly, within [min, max]; anything else is undefined.
 * @example wholeIn("7", 0, 23) // 7
 * @example wholeIn("7.5", 0, 23) // undefined
 */
export function wholeIn(value: FormDataEntryValue | null, min: number, max: number): number | undefined {
  if (typeof value !== "string" || !/^\d{1,2}$/.test(value.trim())) return undefined;
  const number = Number(value.trim());
  return number >= min && number <= max ? number : undefined;
}

/** The names of the days from Sunday, from the comma list of the strings. */
export const weekdayNames = (texts: Pick<Texts, "weekdays">): string[] => texts.weekdays.split(",");

/** The latest post readers can see now, in either language. */
export async function latestPublicPost(db: Database): Promise<Blog | undefined> {
  const newest = await Promise.all(
    languages.map((lang: Lang) => listPublishedPosts(db, lang).then((posts) => posts[0])),
  );
  const time = (post: Blog) => (post.publishedAt ?? post.createdAt).getTime();
  return newest.filter((post): post is Blog => post !== undefined).sort((a, b) => time(b) - time(a))[0];
}

/** @example await subscriberAdminAction(db, form, pt.admin.subscribers, { sendTest, to: "me@example.com" }) */
export async function subscriberAdminAction(
  db: Database,
  form: FormData,
  texts: Texts,
  test: TestMail,
): Promise<{ status: number; body: SubscriberActionBody }> {
  const intent = String(form.get("intent") ?? "");
  const reply = (status: number, ok: boolean, message: string, field?: SubscriberField) => ({
    status,
    body: { ok, intent, message, ...(field ? { field } : {}) },
  });

  if (intent === "digest") {
    const weekday = wholeIn(form.get("weekday"), 0, 6);
    const hour = wholeIn(form.get("hour"), 0, 23);
    if (weekday === undefined) return reply(400, false, texts.errors.badWeekday, "weekday");
    if (hour === undefined) return reply(400, false, texts.errors.badHour, "hour");
    await saveDigestSettings(db, { weekday, hour });
    const day = weekdayNames(texts)[weekday] ?? String(weekday);
    return reply(200, true, format(texts.digestSaved, { weekday: day, hour }));
  }
  if (intent === "delete") {
    const id = String(form.get("id") ?? "");
    const subscriber = UUID.test(id) ? await findSubscriber(db, id) : undefined;
    if (!subscriber || !(await deleteSubscriber(db, id))) return reply(404, false, texts.errors.notFound, "id");
    return reply(200, true, format(texts.deleted, { email: subscriber.email }));
  }
  if (intent === "test") {
    if (!test.sendTest) return reply(409, false, texts.testOff);
    const post = await latestPublicPost(db);
    if (!post) return reply(409, false, texts.testNoPost);
    try {
      await test.sendTest(test.to, post);
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).trim().slice(0, 300);
      logWarning("newsletter_test_failed", `A test of the newsletter was not sent: ${reason}`);
      return reply(502, false, format(texts.testFailed, { reason }));
    }
    return reply(200, true, format(texts.testSent, { email: test.to }));
  }
  return reply(400, false, texts.errors.unknownIntent);
}

/** The columns of the export, in order: its first row. */
export const CSV_COLUMNS = [
  "email",
  "status",
  "languages",
  "frequency",
  "source",
  "confirmed_at",
  "created_at",
] as const;

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, a quote or a line
 * break, quotes doubled. A cell a spreadsheet would read as a formula
 * (starting with `=`, `+`, `-`, `@`, a tab or a carriage return) gets a
 * leading `'`, so opening the file never runs what a reader typed.
 * @example csvCell('=HYPERLINK("x")') // "\"'=HYPERLINK(\"\"x\"\")\""
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A line of the export, ended by CRLF. */
export const csvLine = (cells: readonly string[]) => `${cells.map(csvCell).join(",")}\r\n`;

/** A subscriber as a line of the export: languages joined by a space, times in ISO 8601 (UTC). */
export function subscriberCsvLine(subscriber: NewsletterSubscriber): string {
  return csvLine([
    subscriber.email,
    subscriber.status,
    subscriber.langs.join(" "),
    subscriber.frequency,
    subscriber.source,
    subscriber.confirmedAt?.toISOString() ?? "",
    subscriber.createdAt.toISOString(),
  ]);
}

/**
 * Every subscriber as CSV, by address, read `pageSize` at a time as the
 * stream is read: memory stays flat however many there are.
 */
export function subscribersCsv(db: Database, pageSize = 500): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after = "";
  let header = true;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (header) {
          header = false;
          controller.enqueue(encoder.encode(csvLine(CSV_COLUMNS)));
          return;
        }
        const page = await subscribersAfter(db, after, pageSize);
        if (page.length > 0) controller.enqueue(encoder.encode(page.map(subscriberCsvLine).join("")));
        const last = page.at(-1);
        if (!last || page.length < pageSize) controller.close();
        else after = last.email;
      },
    },
    { highWaterMark: 1 },
  );
}
