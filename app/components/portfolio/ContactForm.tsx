import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { CheckCircle2, Loader2, Send } from "~/components/icons";
import { PrivacyNote } from "~/components/ui/PrivacyNote.tsx";
import { type Dictionary, useT } from "~/i18n";
import {
  CONTACT_LIMITS,
  type ContactField,
  type ContactFieldErrors,
  type ContactInput,
  type ContactReply,
  HONEYPOT_FIELD,
  parseContactInput,
} from "~/lib/contact-input.ts";
import { buttonPrimary, card } from "./styles.ts";

/** How long each state lasts, from the product's constants: sending is shown for at least this long. */
export const SENDING_MS = 1000;
export const SENT_MS = 5000;
/** Where the form's script posts; without JavaScript the form posts to the page itself. */
export const SEND_URL = "/contact/send";
/** The image that starts the minimum fill time (see app/server/contact/started.server.ts). */
const STARTED_URL = "/contact/started";

type Status = "idle" | "sending" | "sent";

const EMPTY: ContactInput = { name: "", email: "", message: "" };
const FIELDS: ContactField[] = ["name", "email", "message"];

const field =
  "mt-1.5 block w-full rounded-xl border border-line bg-bg px-4 py-3 text-fg placeholder:text-fg-muted/70 transition focus:border-accent focus:outline-none focus:ring-2 focus:ring-ring/40 aria-[invalid=true]:border-danger";

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Posts the form; a network failure or an unreadable answer becomes a refusal the visitor can act on. */
async function send(body: FormData, texts: Dictionary["contact"]["errors"]): Promise<ContactReply> {
  try {
    const response = await fetch(SEND_URL, { method: "POST", body, headers: { Accept: "application/json" } });
    return (await response.json()) as ContactReply;
  } catch {
    return { ok: false, message: texts.network };
  }
}

/**
 * The contact form: sending for at least one second and until the server has
 * stored the message, then a thank-you for five, then an empty form again. A
 * refusal keeps the typed text and says why. Without JavaScript the same form
 * posts to the page, and `posted` is the server's answer.
 */
export function ContactForm({ posted }: { posted?: ContactReply | undefined }) {
  const { lang, t } = useT();
  const texts = t.portfolio.contact;
  const refused = posted && !posted.ok ? posted : undefined;
  const [status, setStatus] = useState<Status>(posted?.ok ? "sent" : "idle");
  const [values, setValues] = useState<ContactInput>(refused?.values ?? EMPTY);
  const [errors, setErrors] = useState<ContactFieldErrors>(refused?.fieldErrors ?? {});
  const [notice, setNotice] = useState<string | undefined>(refused?.message);
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();
  const alive = useRef(true);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  // What was typed before the page hydrated is in the fields, not yet in this state: take it over.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const typed = { ...EMPTY };
    for (const key of FIELDS) typed[key] = (form.elements.namedItem(key) as HTMLInputElement | null)?.value ?? "";
    if (FIELDS.some((key) => typed[key] !== "")) setValues(typed);
  }, []);

  useEffect(() => {
    if (status !== "sent") return;
    const timer = setTimeout(() => setStatus("idle"), SENT_MS);
    return () => clearTimeout(timer);
  }, [status]);

  const showRefusal = (message: string, fieldErrors: ContactFieldErrors) => {
    setErrors(fieldErrors);
    setNotice(message);
    // Keyboard and screen-reader users land on the first field to fix.
    const first = FIELDS.find((key) => fieldErrors[key]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status !== "idle") return;
    const body = new FormData(event.currentTarget);
    const checked = parseContactInput(body, t.contact.errors);
    if (!checked.ok) {
      showRefusal(t.contact.errors.fixFields, checked.errors);
      return;
    }
    setErrors({});
    setNotice(undefined);
    setStatus("sending");
    const [reply] = await Promise.all([send(body, t.contact.errors), wait(SENDING_MS)]);
    if (!alive.current) return;
    if (reply.ok) {
      setValues(EMPTY);
      setStatus("sent");
      return;
    }
    setStatus("idle");
    showRefusal(reply.message, reply.fieldErrors ?? {});
  };

  const update = (key: ContactField) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [key]: event.target.value }));

  const invalid = (key: ContactField) =>
    errors[key] ? { "aria-invalid": true as const, "aria-describedby": `${id}-${key}-error` } : {};

  const fieldError = (key: ContactField) =>
    errors[key] ? (
      <span id={`${id}-${key}-error`} className="mt-1.5 block text-sm font-normal text-danger">
        {errors[key]}
      </span>
    ) : null;

  return (
    <div className={`${card} p-6 sm:p-8`}>
      {/* Starts the fill-time clock when the form is shown, with or without JavaScript. */}
      <img src={STARTED_URL} alt="" width={1} height={1} className="hidden" />
      {status === "sent" ? (
        <div role="status" className="grid min-h-[26rem] place-content-center text-center" data-testid="contact-sent">
          <span
            aria-hidden="true"
            className="mx-auto grid size-16 place-items-center rounded-full bg-success/10 text-success"
          >
            <CheckCircle2 className="size-8" />
          </span>
          <h2 className="mt-5 text-2xl font-bold tracking-tight">{texts.sent}</h2>
          <p className="mx-auto mt-2 max-w-sm text-fg-muted">{texts.sentText}</p>
        </div>
      ) : (
        <form
          ref={formRef}
          method="post"
          onSubmit={onSubmit}
          aria-labelledby="contact-form-title"
          data-testid="contact-form"
        >
          <h2 id="contact-form-title" className="text-xl font-semibold">
            {texts.formTitle}
          </h2>
          <p className="mt-1 text-sm text-fg-muted">{texts.formLead}</p>
          <input type="hidden" name="lang" value={lang} />
          {/* The honeypot: hidden from people (and from autofill), tempting to robots. */}
          <div className="hidden" aria-hidden="true">
            <label>
              {t.contact.honeypot}
              <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
            </label>
          </div>
          {notice && (
            <p
              role="alert"
              className="mt-5 rounded-xl border border-danger/40 bg-danger/10 px-4 py-3 text-sm text-fg"
              data-testid="contact-refusal"
            >
              {notice}
            </p>
          )}
          <div className="mt-6 grid gap-5">
            <div>
              <label htmlFor={`${id}-name`} className="block text-sm font-medium">
                {texts.name}
              </label>
              <input
                id={`${id}-name`}
                type="text"
                name="name"
                required
                maxLength={CONTACT_LIMITS.name}
                autoComplete="name"
                placeholder={texts.namePlaceholder}
                value={values.name}
                onChange={update("name")}
                className={field}
                {...invalid("name")}
              />
              {fieldError("name")}
            </div>
            <div>
              <label htmlFor={`${id}-email`} className="block text-sm font-medium">
                {texts.emailLabel}
              </label>
              <input
                id={`${id}-email`}
                type="email"
                name="email"
                required
                maxLength={CONTACT_LIMITS.email}
                autoComplete="email"
                placeholder={texts.emailPlaceholder}
                value={values.email}
                onChange={update("email")}
                className={field}
                {...invalid("email")}
              />
              {fieldError("email")}
            </div>
            <div>
              <label htmlFor={`${id}-message`} className="block text-sm font-medium">
                {texts.message}
              </label>
              <textarea
                id={`${id}-message`}
                name="message"
                required
                rows={5}
                maxLength={CONTACT_LIMITS.message}
                placeholder={texts.messagePlaceholder}
                value={values.message}
                onChange={update("message")}
                className={`${field} resize-y`}
                {...invalid("message")}
              />
              {fieldError("message")}
            </div>
            <button
              type="submit"
              disabled={status === "sending"}
              className={`${buttonPrimary} w-full py-3 text-base disabled:cursor-not-allowed disabled:opacity-60`}
            >
              {status === "sending" ? (
                <Loader2 className="size-4 motion-safe:animate-spin" aria-hidden="true" />
              ) : (
                <Send className="size-4" aria-hidden="true" />
              )}
              {status === "sending" ? texts.sending : texts.send}
            </button>
            <PrivacyNote />
          </div>
        </form>
      )}
    </div>
  );
}
