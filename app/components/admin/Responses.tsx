import { useId } from "react";
import { Form } from "react-router";
import { buttonPrimary, buttonSecondary, card } from "~/components/portfolio/styles.ts";
import { type Dictionary, format, htmlLang, isLang, localizePath, useT } from "~/i18n";
import type { PostDeliveryCounts } from "~/server/fediverse/deliveries.server.ts";
import type { FollowerSummary } from "~/server/fediverse/owner.server.ts";
import type { ResponseActionBody } from "~/server/responses/admin.server.ts";
import type { ResponseKind, ResponseStatus } from "~/server/responses/responses.server.ts";
import { cell, OffNotice, ScrollTable, sectionHeading, wrapping } from "./parts.tsx";

type Texts = Dictionary["admin"]["responses"];

/** A response as the page receives it; `html` was sanitized when it was stored. */
export interface ResponseRow {
  id: string;
  kind: ResponseKind;
  status: ResponseStatus;
  post: { title: string; slug: string; lang: string };
  name: string;
  handle: string | null;
  url: string;
  /** The avatar as the site keeps it (`/uploads/remote-avatars/…`), or null: an initial stands for it. */
  avatar: string | null;
  instance: string | null;
  canBlockAccount: boolean;
  html: string;
  title: string | null;
  local: boolean;
  createdAt: string;
}

export interface ResponsesView {
  enabled: boolean;
  handles: { pt: string; en: string };
  responses: ResponseRow[];
  followers: FollowerSummary[];
  deliveries: (Omit<PostDeliveryCounts, "createdAt"> & { createdAt: string })[];
  blocks: { kind: string; value: string }[];
}

const statusClass: Record<ResponseStatus, string> = {
  pending: "bg-accent/15 text-fg",
  approved: "bg-success/15 text-fg",
  rejected: "bg-danger/15 text-fg",
};

const pill =
  "inline-flex items-center rounded-full border border-line px-3 py-1.5 text-sm font-medium hover:border-accent";

/**
 * The remote author's avatar as the site keeps it (its server fetched and re-encoded it: the author's browser never
 * asks another instance), or an initial while there is none.
 */
function Initial({ name, avatar, alt }: { name: string; avatar: string | null; alt: string }) {
  if (avatar)
    return (
      <img
        src={avatar}
        alt={alt}
        width={40}
        height={40}
        loading="lazy"
        decoding="async"
        className="size-10 shrink-0 rounded-full bg-surface object-cover"
      />
    );
  return (
    <span
      aria-hidden="true"
      className="grid size-10 shrink-0 place-items-center rounded-full bg-surface text-lg font-bold text-accent"
    >
      {name.trim().charAt(0).toUpperCase() || "?"}
    </span>
  );
}

function Actions({ row, texts }: { row: ResponseRow; texts: Texts }) {
  const hidden = (intent: string) => (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={row.id} />
    </>
  );
  const who = <span className="sr-only"> — {row.name}</span>;
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      {row.status !== "approved" && (
        <Form method="post">
          {hidden("approve")}
          <button type="submit" className={pill}>
            {texts.approve}
            {who}
          </button>
        </Form>
      )}
      {row.status !== "rejected" && !row.local && (
        <Form method="post">
          {hidden("reject")}
          <button type="submit" className={pill}>
            {texts.reject}
            {who}
          </button>
        </Form>
      )}
      {!row.local && (
        <Form method="post">
          {hidden("delete")}
          <button type="submit" className={`${pill} hover:border-danger`}>
            {texts.delete}
            {who}
          </button>
        </Form>
      )}
      {row.canBlockAccount && (
        <Form method="post">
          {hidden("block-account")}
          <button type="submit" className={`${pill} hover:border-danger`}>
            {texts.blockAccount}
            {who}
          </button>
        </Form>
      )}
      {row.instance && !row.local && (
        <Form method="post">
          {hidden("block-instance")}
          <button type="submit" className={`${pill} hover:border-danger`}>
            {format(texts.blockInstance, { instance: row.instance })}
          </button>
        </Form>
      )}
    </div>
  );
}

function AnswerForm({ row, texts, result }: { row: ResponseRow; texts: Texts; result?: ResponseActionBody }) {
  const id = useId();
  const failed = result && !result.ok && result.intent === "answer" && result.id === row.id;
  return (
    <details className="mt-3">
      <summary className={`${pill} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}>
        {texts.answer}
        <span className="sr-only"> — {row.name}</span>
      </summary>
      <Form method="post" className="mt-3 grid gap-2">
        <input type="hidden" name="intent" value="answer" />
        <input type="hidden" name="id" value={row.id} />
        <label htmlFor={`${id}-text`} className="text-sm font-medium">
          {format(texts.answerLabel, { name: row.name })}
        </label>
        <textarea
          id={`${id}-text`}
          name="text"
          rows={3}
          required
          maxLength={2000}
          aria-describedby={`${id}-help`}
          aria-invalid={failed ? true : undefined}
          className="block w-full rounded-xl border border-line bg-bg px-3.5 py-2.5 text-fg focus:border-accent focus:outline-none focus:ring-2 focus:ring-ring/40"
        />
        <p id={`${id}-help`} className="text-xs text-fg-muted">
          {texts.answerHelp}
        </p>
        <button type="submit" className={`${buttonPrimary} w-fit`}>
          {texts.send}
        </button>
      </Form>
    </details>
  );
}

function ResponseItem({ row, texts, result }: { row: ResponseRow; texts: Texts; result?: ResponseActionBody }) {
  const lang = isLang(row.post.lang) ? row.post.lang : "pt";
  const postPath = localizePath(`/blog/${row.post.slug}`, lang);
  return (
    <li className={`${card} p-4 sm:p-5`} data-testid="response" data-status={row.status}>
      <article aria-label={`${texts.kinds[row.kind]} — ${row.name}`}>
        <div className="flex items-start gap-3">
          <Initial name={row.name} avatar={row.avatar} alt={format(texts.avatarOf, { name: row.name })} />
          <div className="min-w-0 flex-1">
            <p className="flex flex-wrap items-baseline gap-x-2 [overflow-wrap:anywhere]">
              <a href={row.url} rel="nofollow ugc noopener" className="font-semibold text-accent hover:underline">
                {row.local ? texts.yours : row.name}
              </a>
              {row.handle && <span className="text-sm text-fg-muted">{row.handle}</span>}
            </p>
            <p className="mt-0.5 flex flex-wrap items-center gap-2 text-sm text-fg-muted">
              <span className="font-medium text-fg">{texts.kinds[row.kind]}</span>
              <span>
                {format(texts.on, { post: "" })}
                <a href={postPath} hrefLang={htmlLang[lang]} className="text-accent hover:underline">
                  {row.post.title}
                </a>
              </span>
              <time dateTime={row.createdAt}>{row.createdAt.slice(0, 16).replace("T", " ")} UTC</time>
              <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${statusClass[row.status]}`}>
                {texts.statuses[row.status]}
              </span>
            </p>
          </div>
        </div>
        {row.title && <p className="mt-3 font-medium">{row.title}</p>}
        {row.html && (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the site's Markdown pipeline when it was stored
          <div className="mt-3 break-words" dangerouslySetInnerHTML={{ __html: row.html }} />
        )}
        {!row.local && <Actions row={row} texts={texts} />}
        {!row.local && row.kind === "reply" && <AnswerForm row={row} texts={texts} {...(result ? { result } : {})} />}
      </article>
    </li>
  );
}

/**
 * The author's Responses page: what waits for moderation, every response
 * newest first with its actions, the followers of each account, each post's
 * deliveries and the blocks.
 */
export function ResponsesAdmin({ view, result }: { view: ResponsesView; result: ResponseActionBody | undefined }) {
  const { t } = useT();
  const texts = t.admin.responses;
  const waiting = view.responses.filter((row) => row.status === "pending").length;
  return (
    <div className="container-page space-y-12 py-10">
      {!view.enabled && <OffNotice text={texts.off} testId="fediverse-off" />}
      {result && (
        <p
          role={result.ok ? "status" : "alert"}
          className={`rounded-xl border px-4 py-3 ${result.ok ? "border-line" : "border-danger text-danger"}`}
          data-testid="response-outcome"
        >
          {result.message}
        </p>
      )}
      <section aria-labelledby="responses-list">
        <h2 id="responses-list" className={sectionHeading}>
          {texts.all}{" "}
          <span className="text-base font-medium text-fg-muted">{format(texts.waitingCount, { count: waiting })}</span>
        </h2>
        {view.responses.length === 0 ? (
          <p className="mt-4 text-fg-muted">{texts.empty}</p>
        ) : (
          <ol className="mt-4 space-y-4">
            {view.responses.map((row) => (
              <ResponseItem key={row.id} row={row} texts={texts} {...(result ? { result } : {})} />
            ))}
          </ol>
        )}
      </section>
      <section aria-labelledby="responses-followers">
        <h2 id="responses-followers" className={sectionHeading}>
          {texts.followers}
        </h2>
        <ScrollTable
          caption={texts.followersCaption}
          head={[texts.account, texts.count, texts.instances]}
          testId="followers"
        >
          {view.followers.map((row) => (
            <tr key={row.lang} className="border-t border-line">
              <td className={cell}>
                <code>{view.handles[row.lang === "en" ? "en" : "pt"]}</code>
              </td>
              <td className={cell}>{row.count}</td>
              <td className={wrapping}>
                {row.instances.length === 0
                  ? texts.noFollowers
                  : row.instances.map((instance) => `${instance.instance} (${instance.count})`).join(", ")}
              </td>
            </tr>
          ))}
        </ScrollTable>
      </section>
      <section aria-labelledby="responses-deliveries">
        <h2 id="responses-deliveries" className={sectionHeading}>
          {texts.deliveries}
        </h2>
        {view.deliveries.length === 0 ? (
          <p className="mt-4 text-fg-muted">{texts.noDeliveries}</p>
        ) : (
          <ScrollTable
            caption={texts.deliveriesCaption}
            head={[texts.post, texts.activity, texts.sent, texts.failed, texts.pending]}
            testId="deliveries"
          >
            {view.deliveries.map((row) => (
              <tr key={row.activityId} className="border-t border-line">
                <td className={wrapping}>{row.title ?? texts.deletedPost}</td>
                <td className={cell}>
                  {row.type} ({row.lang})
                </td>
                <td className={cell}>{row.sent}</td>
                <td className={cell}>{row.failed}</td>
                <td className={cell}>{row.pending}</td>
              </tr>
            ))}
          </ScrollTable>
        )}
      </section>
      <section aria-labelledby="responses-blocks">
        <h2 id="responses-blocks" className={sectionHeading}>
          {texts.blocks}
        </h2>
        {view.blocks.length === 0 ? (
          <p className="mt-4 text-fg-muted">{texts.noBlocks}</p>
        ) : (
          <ul className="mt-4 space-y-2">
            {view.blocks.map((row) => (
              <li key={`${row.kind}:${row.value}`} className="flex flex-wrap items-center gap-3">
                <span className="text-sm font-medium">
                  {texts.blockKinds[row.kind === "account" ? "account" : "instance"]}
                </span>
                <code className="[overflow-wrap:anywhere]">{row.value}</code>
                <Form method="post">
                  <input type="hidden" name="intent" value="unblock" />
                  <input type="hidden" name="kind" value={row.kind} />
                  <input type="hidden" name="value" value={row.value} />
                  <button type="submit" className={buttonSecondary}>
                    {format(texts.unblock, { value: row.value })}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
