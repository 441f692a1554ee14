/**
 * What a contact post does, whether it came from the form's script or as a
 * plain form post: the honeypot, the rules, the fill time and the rate limit,
 * then the message is stored and the e-mail worker woken. Every refusal keeps
 * what the visitor typed and says why in their language; a filled honeypot
 * gets the same answer as a success and stores nothing.
 */
import "../../i18n/all.ts";
import { dictionaryFor, format } from "../../i18n/index.ts";
import type { Lang } from "../../i18n/paths.ts";
import { type ContactReply, HONEYPOT_FIELD, parseContactInput, readContactFields } from "../../lib/contact-input.ts";
import { logError } from "../log.server.ts";
import { type AppServices, contactServices } from "../services.server.ts";
import { findResent, storeMessage } from "./messages.server.ts";
import { hashIp } from "./secret.server.ts";
import { checkFillTime, startedCookie } from "./started.server.ts";

/** A message sent again within this time is the same message: answered as stored, not stored twice. */
export const RESEND_WINDOW_MS = 10 * 60 * 1000;

export interface SubmitOutcome {
  status: number;
  reply: ContactReply;
  headers: Headers;
}

export interface SubmitRequest {
  form: FormData;
  lang: Lang;
  /** The client's IP address as the server sees it. */
  ip: string;
  cookieHeader: string | null;
}

/** @example await submitContactMessage({ form, lang: "pt", ip: "203.0.113.9", cookieHeader: null }) */
export async function submitContactMessage(
  request: SubmitRequest,
  app: AppServices,
  now = Date.now(),
): Promise<SubmitOutcome> {
  const contact = contactServices(app);
  const messages = dictionaryFor(request.lang).contact.errors;
  const headers = new Headers({ "Cache-Control": "no-store" });
  const values = readContactFields(request.form);
  const refuse = (status: number, reply: Omit<Extract<ContactReply, { ok: false }>, "ok" | "values">) => ({
    status,
    reply: { ok: false as const, ...reply, values },
    headers,
  });

  const honeypot = request.form.get(HONEYPOT_FIELD);
  if (typeof honeypot === "string" && honeypot.trim() !== "") return { status: 200, reply: { ok: true }, headers };

  const parsed = parseContactInput(request.form, messages);
  if (!parsed.ok) return refuse(400, { message: messages.fixFields, fieldErrors: parsed.errors });

  const fillTime = checkFillTime(contact.secret, request.cookieHeader, now);
  if (fillTime !== "ok") {
    // Without a valid start time (cookie blocked or expired) the clock starts now, so waiting and resending works.
    if (fillTime === "unproven")
      headers.append("Set-Cookie", startedCookie(contact.secret, now, app.auth.secureCookies));
    return refuse(400, { message: messages.tooFast });
  }

  const ipHash = hashIp(contact.secret, request.ip);
  // A send whose answer was lost (a server that died, a dropped connection) is safe to repeat: the first one
  // stands, the repeat is answered the same way and neither stored, e-mailed nor counted against the limit.
  try {
    if (await findResent(app.db, { ...parsed.value, ipHash }, new Date(now - RESEND_WINDOW_MS))) {
      return { status: 200, reply: { ok: true }, headers };
    }
  } catch (error) {
    console.error("Looking for a resent contact message failed:", error);
    return refuse(503, { message: messages.server });
  }
  const limit = await contact.limiter.consume(ipHash, now);
  if (!limit.allowed) {
    const seconds = Math.ceil(limit.retryAfterMs / 1000);
    headers.set("Retry-After", String(seconds));
    return refuse(429, { message: format(messages.rateLimited, { minutes: Math.max(1, Math.ceil(seconds / 60)) }) });
  }

  try {
    await storeMessage(
      app.db,
      { ...parsed.value, lang: request.lang, ipHash, deliver: contact.delivery !== null },
      new Date(now),
    );
  } catch (error) {
    logError("Storing a contact message failed:", error);
    return refuse(503, { message: messages.server });
  }
  contact.delivery?.wake();
  return { status: 200, reply: { ok: true }, headers };
}
