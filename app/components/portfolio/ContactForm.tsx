import { CheckCircle2, Loader2, Send } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useT } from "~/i18n";
import { buttonPrimary, card } from "./styles.ts";

/** How long each state of the simulated sending lasts, from the product's constants. */
export const SENDING_MS = 1000;
export const SENT_MS = 5000;

type Status = "idle" | "sending" | "sent";

const field =
  "mt-1.5 block w-full rounded-xl border border-line bg-bg px-4 py-3 text-fg placeholder:text-fg-muted/70 transition focus:border-accent focus:outline-none focus:ring-2 focus:ring-ring/40";

/**
 * The contact form: sending for one second, then a thank-you for five, then
 * an empty form again. Fields carry `name`s so the same form can post to the
 * server once delivery exists.
 */
export function ContactForm() {
  const { t } = useT();
  const texts = t.portfolio.contact;
  const [status, setStatus] = useState<Status>("idle");
  const [values, setValues] = useState({ name: "", email: "", message: "" });
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status !== "idle") return;
    setStatus("sending");
    timer.current = setTimeout(() => {
      setValues({ name: "", email: "", message: "" });
      setStatus("sent");
      timer.current = setTimeout(() => setStatus("idle"), SENT_MS);
    }, SENDING_MS);
  };

  const update = (key: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [key]: event.target.value }));

  return (
    <div className={`${card} p-6 sm:p-8`}>
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
        <form method="post" onSubmit={onSubmit} aria-labelledby="contact-form-title" data-testid="contact-form">
          <h2 id="contact-form-title" className="text-xl font-semibold">
            {texts.formTitle}
          </h2>
          <p className="mt-1 text-sm text-fg-muted">{texts.formLead}</p>
          <div className="mt-6 grid gap-5">
            <label className="block text-sm font-medium">
              {texts.name}
              <input
                type="text"
                name="name"
                required
                autoComplete="name"
                placeholder={texts.namePlaceholder}
                value={values.name}
                onChange={update("name")}
                className={field}
              />
            </label>
            <label className="block text-sm font-medium">
              {texts.emailLabel}
              <input
                type="email"
                name="email"
                required
                autoComplete="email"
                placeholder={texts.emailPlaceholder}
                value={values.email}
                onChange={update("email")}
                className={field}
              />
            </label>
            <label className="block text-sm font-medium">
              {texts.message}
              <textarea
                name="message"
                required
                rows={5}
                placeholder={texts.messagePlaceholder}
                value={values.message}
                onChange={update("message")}
                className={`${field} resize-y`}
              />
            </label>
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
          </div>
        </form>
      )}
    </div>
  );
}
