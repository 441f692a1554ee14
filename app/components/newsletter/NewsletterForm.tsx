import { type ReactNode, useId } from "react";
import { buttonPrimary, card } from "~/components/portfolio/styles.ts";
import { PrivacyNote } from "~/components/ui/PrivacyNote.tsx";
import { useT } from "~/i18n";
import { newsletterPath } from "~/lib/newsletter-paths.ts";

export interface NewsletterFormValues {
  email: string;
  languages: string;
  frequency: string;
}

interface NewsletterFormProps {
  /** The page the form is on, stored as where the reader signed up. */
  source: string;
  /** What was typed, when the form comes back refused. */
  values?: NewsletterFormValues | undefined;
  /** The e-mail field's error, in the reader's language. */
  fieldError?: string | undefined;
  /** The sentence above the form on a refusal. */
  message?: string | undefined;
  /** The heading's level: a section of a page (h2) or the page's own form. */
  headingLevel?: 2 | 3;
  className?: string;
}

/**
 * The newsletter's subscription form: a plain HTML form that posts to the
 * newsletter page, so it works the same with or without JavaScript.
 * @example <NewsletterForm source="/blog" />
 */
export function NewsletterForm({
  source,
  values,
  fieldError,
  message,
  headingLevel = 2,
  className = "",
}: NewsletterFormProps) {
  const { lang, t } = useT();
  const texts = t.newsletter.form;
  const id = useId();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const languages = values?.languages || lang;
  const frequency = values?.frequency === "weekly" ? "weekly" : "post";
  const describedBy = [fieldError ? `${id}-error` : "", `${id}-hint`].filter(Boolean).join(" ");
  return (
    <section
      aria-labelledby={`${id}-title`}
      className={`${card} p-6 sm:p-8 ${className}`}
      data-testid="newsletter-form"
    >
      <Heading id={`${id}-title`} className="text-xl font-semibold tracking-tight">
        {texts.heading}
      </Heading>
      <p className="mt-1 text-sm text-fg-muted">{texts.lead}</p>
      {message && (
        <p role="alert" className="mt-5 rounded-xl border border-danger/40 bg-danger/10 px-4 py-3 text-sm text-fg">
          {message}
        </p>
      )}
      <form method="post" action={newsletterPath(lang)} className="mt-5 grid gap-5" noValidate>
        <input type="hidden" name="source" value={source} />
        <div>
          <label htmlFor={`${id}-email`} className="block text-sm font-medium">
            {texts.email}
          </label>
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            maxLength={254}
            defaultValue={values?.email ?? ""}
            aria-describedby={describedBy}
            {...(fieldError ? { "aria-invalid": true as const } : {})}
            className="text-field"
          />
          {fieldError && (
            <span id={`${id}-error`} className="mt-1.5 block text-sm text-danger">
              {fieldError}
            </span>
          )}
          <span id={`${id}-hint`} className="mt-1.5 block text-sm text-fg-muted">
            {texts.emailHint}
          </span>
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <PreferenceFields languages={languages} frequency={frequency} />
        </div>
        <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
          <button type="submit" className={`${buttonPrimary} py-3 text-base`}>
            {texts.submit}
          </button>
          <PrivacyNote />
        </div>
      </form>
    </section>
  );
}

/**
 * The two choices of a subscription, languages and frequency, as radio
 * groups: the form's, and the page a mail's footer links to.
 * @example <PreferenceFields languages="both" frequency="weekly" />
 */
export function PreferenceFields({ languages, frequency }: { languages: string; frequency: string }) {
  const { t } = useT();
  const texts = t.newsletter.form;
  const group = (
    legend: string,
    name: string,
    options: readonly { value: string; label: ReactNode }[],
    chosen: string,
  ) => (
    <fieldset>
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {options.map(({ value, label }) => (
          <label key={value} className="choice-chip">
            <input type="radio" name={name} value={value} defaultChecked={chosen === value} />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
  return (
    <>
      {group(
        texts.languages,
        "languages",
        [
          { value: "pt", label: <span lang="pt-BR">{texts.pt}</span> },
          { value: "en", label: <span lang="en">{texts.en}</span> },
          { value: "both", label: texts.both },
        ],
        languages,
      )}
      {group(
        texts.frequency,
        "frequency",
        [
          { value: "post", label: texts.post },
          { value: "weekly", label: texts.weekly },
        ],
        frequency,
      )}
    </>
  );
}
