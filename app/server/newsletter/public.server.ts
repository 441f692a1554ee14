/**
 * What the newsletter's public pages do: read a subscription form, check a
 * link's token, confirm, leave, change preferences. Every refusal says why
 * in the reader's language and keeps what was typed; a link that is forged,
 * expired or replaced says only that it no longer works.
 */
import "../../i18n/all.ts";
import { dictionaryFor, format } from "../../i18n/index.ts";
import { isLang, type Lang } from "../../i18n/paths.ts";
import { isEmailAddress } from "../../lib/contact-input.ts";
import { hashIp } from "../contact/secret.server.ts";
import type { NewsletterSubscriber } from "../db/schema.ts";
import { logError } from "../log.server.ts";
import type { AppServices, NewsletterServices } from "../services.server.ts";
import {
  CONFIRM_VALID_MS,
  confirmSubscriber,
  type Frequency,
  findSubscriber,
  subscribe,
  unsubscribe,
  updatePreferences,
} from "./subscribers.server.ts";
import { tokenMatches, tokenSubscriberId } from "./tokens.server.ts";

/** What the reader typed, sent back on a refusal so the form keeps it. */
export interface SubscribeValues {
  email: string;
  languages: string;
  frequency: string;
}

export type SubscribeReply =
  | { ok: true }
  | { ok: false; message: string; fieldError?: string; values: SubscribeValues; retryAfterSeconds?: number };

const text = (value: FormDataEntryValue | null) => (typeof value === "string" ? value : "");

/**
 * The languages a form chose, the page's language first when both.
 * @example chosenLangs("both", "en") // ["en", "pt"]
 */
export function chosenLangs(value: string, pageLang: Lang): Lang[] {
  if (isLang(value)) return [value];
  return pageLang === "en" ? ["en", "pt"] : ["pt", "en"];
}

export const chosenFrequency = (value: string): Frequency => (value === "weekly" ? "weekly" : "post");

/** A page of this site the form was on, or the newsletter page. */
function sourceOf(value: string, lang: Lang): string {
  return /^\/[\p{L}\p{N}/._~-]{0,300}$/u.test(value) && !value.includes("//")
    ? value
    : lang === "en"
      ? "/en/newsletter"
      : "/newsletter";
}

/** Handles a subscription form; the answer is the same for a new, pending or subscribed address. */
export async function submitSubscription(
  form: FormData,
  lang: Lang,
  ip: string,
  app: AppServices,
  now = Date.now(),
): Promise<{ status: number; reply: SubscribeReply }> {
  const errors = dictionaryFor(lang).newsletter.errors;
  const values: SubscribeValues = {
    email: text(form.get("email")).slice(0, 1000),
    languages: text(form.get("languages")),
    frequency: text(form.get("frequency")),
  };
  const newsletter = app.newsletter;
  if (!newsletter?.worker) return { status: 404, reply: { ok: false, message: "", values } };
  const email = values.email.trim().toLowerCase();
  if (!email)
    return { status: 400, reply: { ok: false, message: errors.fixFields, fieldError: errors.emailRequired, values } };
  if (!isEmailAddress(email))
    return { status: 400, reply: { ok: false, message: errors.fixFields, fieldError: errors.emailInvalid, values } };
  const limit = await newsletter.limiter.consume(hashIp(newsletter.secret, ip), now);
  if (!limit.allowed) {
    const seconds = Math.max(1, Math.ceil(limit.retryAfterMs / 1000));
    return {
      status: 429,
      reply: {
        ok: false,
        message: format(errors.rateLimited, { minutes: Math.max(1, Math.ceil(seconds / 60)) }),
        values,
        retryAfterSeconds: seconds,
      },
    };
  }
  try {
    const queued = await subscribe(
      app.db,
      {
        email,
        langs: chosenLangs(values.languages, lang),
        frequency: chosenFrequency(values.frequency),
        source: sourceOf(text(form.get("source")), lang),
      },
      lang,
      new Date(now),
    );
    if (queued) newsletter.worker.wake();
  } catch (error) {
    logError("Storing a newsletter subscription failed:", error);
    return { status: 503, reply: { ok: false, message: errors.server, values } };
  }
  return { status: 200, reply: { ok: true } };
}

/** The subscriber a link names, if its token is theirs (and, for a confirmation, the latest and not expired). */
export async function subscriberForToken(
  purpose: "confirm" | "unsubscribe",
  token: string | null,
  app: AppServices,
  now = Date.now(),
): Promise<NewsletterSubscriber | undefined> {
  const newsletter: NewsletterServices | undefined = app.newsletter;
  const id = tokenSubscriberId(token);
  if (!newsletter || !id || !token) return undefined;
  const subscriber = await findSubscriber(app.db, id);
  if (!subscriber) return undefined;
  if (purpose === "unsubscribe")
    return tokenMatches(newsletter.secret, "unsubscribe", token, id) ? subscriber : undefined;
  if (!tokenMatches(newsletter.secret, "confirm", token, id, subscriber.confirmSentAt)) return undefined;
  if (subscriber.status === "confirmed") return subscriber;
  if (subscriber.status !== "pending" || now - subscriber.confirmSentAt.getTime() > CONFIRM_VALID_MS) return undefined;
  return subscriber;
}

/** Confirms the subscription a confirmation link names; confirming twice is harmless. */
export async function confirmByToken(token: string | null, app: AppServices, now = Date.now()) {
  const subscriber = await subscriberForToken("confirm", token, app, now);
  if (!subscriber) return undefined;
  await confirmSubscriber(app.db, subscriber.id, new Date(now));
  return subscriber;
}

/** Ends the subscription an unsubscribe link names, at once. */
export async function unsubscribeByToken(token: string | null, app: AppServices, now = Date.now()) {
  const subscriber = await subscriberForToken("unsubscribe", token, app, now);
  if (!subscriber) return undefined;
  await unsubscribe(app.db, subscriber.id, new Date(now));
  return subscriber;
}

/** Changes a confirmed reader's languages and frequency, from the page their mails link to. */
export async function updateByToken(
  token: string | null,
  form: FormData,
  lang: Lang,
  app: AppServices,
): Promise<NewsletterSubscriber | undefined> {
  const subscriber = await subscriberForToken("unsubscribe", token, app);
  if (!subscriber) return undefined;
  await updatePreferences(app.db, subscriber.id, {
    langs: chosenLangs(text(form.get("languages")), lang),
    frequency: chosenFrequency(text(form.get("frequency"))),
  });
  return findSubscriber(app.db, subscriber.id);
}
