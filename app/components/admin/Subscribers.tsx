import { useEffect, useId, useRef } from "react";
import { Form } from "react-router";
import { Download, Send, Trash2 } from "~/components/icons";
import { buttonPrimary, buttonSecondary, card } from "~/components/portfolio/styles.ts";
import { type Dictionary, format, htmlLang, type Lang, useT } from "~/i18n";
import type { NewsletterSubscriber } from "~/server/db/schema.ts";
import type { SubscriberActionBody } from "~/server/newsletter/admin.server.ts";
import type { DigestSettings, PostSendCounts } from "~/server/newsletter/queue.server.ts";
import type { SubscriberCounts } from "~/server/newsletter/subscribers.server.ts";
import { cell, OffNotice, ScrollTable, sectionHeading, Tally, useFormats, wrapping } from "./parts.tsx";

type Texts = Dictionary["admin"]["subscribers"];

/** A subscriber as the admin page receives it: its row, the time as ISO text. */
export type SubscriberRow = Pick<NewsletterSubscriber, "id" | "email" | "status" | "langs" | "frequency" | "source"> & {
  createdAt: string;
};

/** One post's sends in one language. */
export type SendRow = PostSendCounts;

export interface SubscribersView {
  enabled: boolean;
  testAddress: string;
  counts: SubscriberCounts;
  sends: SendRow[];
  digest: DigestSettings;
  query: string;
  subscribers: SubscriberRow[];
}

const fieldClass =
  "mt-1.5 block w-full rounded-xl border border-line bg-bg px-3.5 py-2.5 text-fg transition focus:border-accent focus:outline-none focus:ring-2 focus:ring-ring/40 aria-[invalid=true]:border-danger";

// In UTC, so the server's render and the browser's agree.
const day = (iso: string, lang: Lang) =>
  new Intl.DateTimeFormat(htmlLang[lang], { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }).format(
    new Date(iso),
  );

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const hourLabel = (hour: number) => `${String(hour).padStart(2, "0")}:00`;

/** `"a:x,b:y"` as a lookup. */
const pairs = (list: string): Record<string, string> =>
  Object.fromEntries(
    list.split(",").map((pair) => [pair.slice(0, pair.indexOf(":")), pair.slice(pair.indexOf(":") + 1)]),
  );

/** The answer of a form post, where the form is: a status when it worked, an alert when it did not. */
function Outcome({ result, id }: { result: SubscriberActionBody; id?: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  // After a deletion the row and its button are gone: the keyboard continues from the sentence that says so.
  useEffect(() => {
    if (result.intent === "delete") ref.current?.focus();
  }, [result]);
  return (
    <p
      ref={ref}
      id={id}
      tabIndex={-1}
      role={result.ok ? "status" : "alert"}
      className={`mt-3 rounded-xl border px-4 py-3 text-sm ${
        result.ok ? "border-success/50 bg-success/10" : "border-danger/60 bg-danger/10"
      }`}
      data-testid={`outcome-${result.intent}`}
    >
      {result.message}
    </p>
  );
}

function Counts({ view, texts }: { view: SubscribersView; texts: Texts }) {
  const { t } = useT();
  const { byStatus, confirmedByLang, confirmedByFrequency, sources } = view.counts;
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className={sectionHeading}>
        {texts.counts}
      </h2>
      <div className="mt-4 grid gap-4 md:grid-cols-3" data-testid="subscriber-counts">
        <Tally
          heading={texts.byStatus}
          rows={[
            [texts.confirmed, byStatus.confirmed],
            [texts.pending, byStatus.pending],
            [texts.unsubscribed, byStatus.unsubscribed],
            [texts.suppressed, byStatus.suppressed],
          ]}
        />
        <Tally
          heading={texts.byLanguage}
          rows={[
            [t.admin.languageNames.pt, confirmedByLang.pt],
            [t.admin.languageNames.en, confirmedByLang.en],
          ]}
        />
        <Tally
          heading={texts.byFrequency}
          rows={[
            [t.newsletter.form.post, confirmedByFrequency.post],
            [t.newsletter.form.weekly, confirmedByFrequency.weekly],
          ]}
        />
      </div>
      <h3 className="mt-6 font-semibold">{texts.sources}</h3>
      <SignUpsTable sources={sources} />
    </section>
  );
}

function Sends({ sends, texts }: { sends: SendRow[]; texts: Texts }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className={sectionHeading}>
        {texts.sends}
      </h2>
      <SendsTable sends={sends} />
    </section>
  );
}

/** Confirmed readers per page they signed up on, the most first; a sentence when there are none. */
export function SignUpsTable({ sources }: { sources: SubscribersView["counts"]["sources"] }) {
  const { t } = useT();
  const texts = t.admin.subscribers;
  const { number } = useFormats();
  if (sources.length === 0) return <p className="mt-2 text-sm text-fg-muted">{texts.sourcesEmpty}</p>;
  return (
    <ScrollTable caption={texts.sourcesCaption} head={[texts.sourcePage, texts.confirmed]} testId="signups">
      {sources.map((row) => (
        <tr key={row.source}>
          <th scope="row" className={`${wrapping} min-w-40 font-normal`}>
            {row.source}
          </th>
          <td className={`${cell} tabular-nums`}>{number(row.count)}</td>
        </tr>
      ))}
    </ScrollTable>
  );
}

/** Each post's mails per language: sent, failed, still queued; a sentence when none was sent. */
export function SendsTable({ sends }: { sends: SendRow[] }) {
  const { t } = useT();
  const texts = t.admin.subscribers;
  const { number, language } = useFormats();
  if (sends.length === 0) return <p className="mt-2 text-sm text-fg-muted">{texts.sendsEmpty}</p>;
  return (
    <ScrollTable
      caption={texts.sendsCaption}
      head={[texts.post, texts.language, texts.sent, texts.failed, texts.waiting]}
      testId="sends"
    >
      {sends.map((row) => (
        <tr key={`${row.postId ?? "deleted"}:${row.lang}`}>
          <th scope="row" className={`${wrapping} min-w-48 font-normal`}>
            {row.title ?? texts.deletedPost}
          </th>
          <td className={cell}>{language(row.lang)}</td>
          <td className={`${cell} tabular-nums`}>{number(row.sent)}</td>
          <td className={`${cell} tabular-nums`}>{number(row.failed)}</td>
          <td className={`${cell} tabular-nums`}>{number(row.pending)}</td>
        </tr>
      ))}
    </ScrollTable>
  );
}

/** A labelled choice among numbered options (option `i` has the value `i`); `error`: the id of the sentence that refuses it. */
function NumberChoice({
  name,
  label,
  value,
  options,
  error,
}: {
  name: string;
  label: string;
  value: number;
  options: string[];
  error: string | undefined;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={value}
        aria-invalid={error !== undefined}
        {...(error ? { "aria-describedby": error } : {})}
        className={fieldClass}
      >
        {options.map((text, index) => (
          <option key={text} value={index}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

function DigestForm({
  digest,
  result,
  texts,
}: {
  digest: SubscribersView["digest"];
  result: SubscriberActionBody | undefined;
  texts: Texts;
}) {
  const id = useId();
  const error = result && !result.ok ? result : undefined;
  return (
    <section aria-labelledby={id} className={`${card} p-5 sm:p-6`}>
      <h2 id={id} className={sectionHeading}>
        {texts.digest}
      </h2>
      <p className="mt-2 text-sm text-fg-muted">{texts.digestText}</p>
      {/* A new key after each save: the fields show what is stored. */}
      <Form
        method="post"
        key={`${digest.weekday}:${digest.hour}`}
        className="mt-4 grid items-end gap-4 sm:grid-cols-[1fr_auto_auto]"
        data-testid="digest-form"
      >
        <input type="hidden" name="intent" value="digest" />
        <NumberChoice
          name="weekday"
          label={texts.weekday}
          value={digest.weekday}
          options={texts.weekdays.split(",")}
          error={error?.field === "weekday" ? `${id}-outcome` : undefined}
        />
        <NumberChoice
          name="hour"
          label={texts.hour}
          value={digest.hour}
          options={HOURS.map(hourLabel)}
          error={error?.field === "hour" ? `${id}-outcome` : undefined}
        />
        <button type="submit" className={buttonPrimary}>
          {texts.saveDigest}
        </button>
      </Form>
      {result && <Outcome result={result} id={`${id}-outcome`} />}
    </section>
  );
}

function TestMail({
  view,
  result,
  texts,
}: {
  view: SubscribersView;
  result: SubscriberActionBody | undefined;
  texts: Texts;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={`${card} p-5 sm:p-6`}>
      <h2 id={id} className={sectionHeading}>
        {texts.testHeading}
      </h2>
      <p className="mt-2 break-words text-sm text-fg-muted">{format(texts.testText, { email: view.testAddress })}</p>
      {view.enabled ? (
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="test" />
          <button type="submit" className={buttonSecondary}>
            <Send className="size-4" aria-hidden="true" />
            {texts.test}
          </button>
        </Form>
      ) : (
        <p className="mt-4 text-sm">{texts.testOff}</p>
      )}
      {result && <Outcome result={result} />}
    </section>
  );
}

function DeleteControl({ row, texts }: { row: SubscriberRow; texts: Texts }) {
  return (
    <details
      // The confirming form may be outside the table's visible part on a phone: brought into view.
      onToggle={(event) => {
        if (event.currentTarget.open)
          event.currentTarget.querySelector("form")?.scrollIntoView({ block: "nearest", inline: "nearest" });
      }}
    >
      <summary className="inline-flex cursor-pointer list-none items-center gap-1.5 rounded-full border border-line px-3 py-1.5 text-sm hover:border-danger hover:text-danger [&::-webkit-details-marker]:hidden">
        <Trash2 className="size-4" aria-hidden="true" />
        {texts.delete}
        <span className="sr-only"> {row.email}</span>
      </summary>
      <Form method="post" className="mt-2 grid w-44 gap-2 whitespace-normal">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={row.id} />
        <p className="text-xs text-fg-muted">{texts.deleteText}</p>
        <button
          type="submit"
          className="inline-flex w-fit items-center gap-1.5 rounded-full bg-danger px-3.5 py-1.5 text-sm font-semibold text-bg"
        >
          {texts.deleteConfirm}
          <span className="sr-only"> {row.email}</span>
        </button>
      </Form>
    </details>
  );
}

function SubscriberList({
  view,
  total,
  result,
  texts,
}: {
  view: SubscribersView;
  total: number;
  result: SubscriberActionBody | undefined;
  texts: Texts;
}) {
  const { lang, t } = useT();
  const id = useId();
  const statuses = pairs(texts.statuses);
  const frequencies: Record<string, string> = { post: t.newsletter.form.post, weekly: t.newsletter.form.weekly };
  const { language } = useFormats();
  return (
    <section aria-labelledby={id}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={id} className={sectionHeading}>
          {texts.list}
        </h2>
        {/* A plain link: a download the browser makes, not a page of the app. */}
        <a href="/admin/subscribers.csv" download className={buttonSecondary} data-testid="export-csv">
          <Download className="size-4" aria-hidden="true" />
          {texts.export}
        </a>
      </div>
      <Form method="get" role="search" className="mt-4 flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1 sm:max-w-sm">
          <label htmlFor={`${id}-q`} className="text-sm font-medium">
            {texts.search}
          </label>
          <input
            id={`${id}-q`}
            type="search"
            name="q"
            defaultValue={view.query}
            maxLength={200}
            className={fieldClass}
          />
        </div>
        <button type="submit" className={buttonSecondary}>
          {texts.searchButton}
        </button>
      </Form>
      {result && <Outcome result={result} />}
      <p className="mt-4 text-sm text-fg-muted" data-testid="subscriber-count">
        {format(texts.shown, { shown: view.subscribers.length, total })}
      </p>
      {view.subscribers.length === 0 ? (
        <p className="mt-2 rounded-2xl border border-dashed border-line p-8 text-center text-fg-muted">
          {view.query ? format(texts.noMatch, { query: view.query }) : texts.empty}
        </p>
      ) : (
        <ScrollTable
          caption={texts.listCaption}
          head={[texts.email, texts.status, texts.languages, texts.frequency, texts.source, texts.since, texts.actions]}
        >
          {view.subscribers.map((row) => (
            <tr key={row.id} className="align-top" data-testid="subscriber-row">
              <th scope="row" className={`${wrapping} min-w-48 font-medium`}>
                {row.email}
              </th>
              <td className={cell}>{statuses[row.status] ?? row.status}</td>
              <td className="min-w-24 px-3 py-2.5">{row.langs.map(language).join(", ")}</td>
              <td className={cell}>{frequencies[row.frequency] ?? row.frequency}</td>
              <td className={`${wrapping} min-w-40`}>{row.source}</td>
              <td className={cell}>
                <time dateTime={row.createdAt}>{day(row.createdAt, lang)}</time>
              </td>
              <td className="px-3 py-2">
                <DeleteControl row={row} texts={texts} />
              </td>
            </tr>
          ))}
        </ScrollTable>
      )}
    </section>
  );
}

/** The subscribers' admin: the off notice when there is no mail server, the numbers, the sends, the digest, a test, the list. */
export function SubscribersAdmin({
  view,
  result,
}: {
  view: SubscribersView;
  result: SubscriberActionBody | undefined;
}) {
  const { t } = useT();
  const texts = t.admin.subscribers;
  const total = Object.values(view.counts.byStatus).reduce((sum, count) => sum + count, 0);
  const resultOf = (intent: string) => (result?.intent === intent ? result : undefined);
  return (
    <div className="container-page grid grid-cols-1 gap-12 py-10">
      {!view.enabled && <OffNotice text={texts.off} testId="newsletter-off" />}
      {result && !["digest", "test", "delete"].includes(result.intent) && <Outcome result={result} />}
      <Counts view={view} texts={texts} />
      <Sends sends={view.sends} texts={texts} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <DigestForm digest={view.digest} result={resultOf("digest")} texts={texts} />
        <TestMail view={view} result={resultOf("test")} texts={texts} />
      </div>
      <SubscriberList view={view} total={total} result={resultOf("delete")} texts={texts} />
    </div>
  );
}
