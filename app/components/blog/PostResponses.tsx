import { format, useT } from "~/i18n";

/** An approved reply or mention as a post's page shows it; `html` was sanitized when it was stored. */
export interface ShownReply {
  id: string;
  kind: "reply" | "webmention";
  name: string;
  handle: string | null;
  url: string | null;
  /** The avatar as the site keeps it (`/uploads/remote-avatars/…`); an initial stands for it otherwise. */
  avatar: string | null;
  html: string;
  title: string | null;
  /** A mention's source page, which its title links to. */
  source: string | null;
  /** The author's own answer to the reply before it. */
  answer: boolean;
  date: string;
}

export interface ShownResponses {
  replies: ShownReply[];
  likes: string[];
  boosts: string[];
}

/**
 * The responses under a post, rendered by the server, approved by the
 * author: replies and mentions with their authors, likes and boosts as
 * counts whose names open in a disclosure. No script: `<details>` opens by
 * itself.
 */
export function PostResponses({ responses }: { responses: ShownResponses }) {
  const { t } = useT();
  const texts = t.newsletter.fediverse;
  const { replies, likes, boosts } = responses;
  if (replies.length === 0 && likes.length === 0 && boosts.length === 0) return null;
  const counted = (names: string[], one: string, many: string, testId: string) =>
    names.length > 0 && (
      <details className="text-sm" data-testid={testId}>
        <summary className="cursor-pointer text-fg-muted">
          {names.length === 1 ? one : format(many, { count: names.length })}
        </summary>
        <p className="mt-1">{names.join(", ")}</p>
      </details>
    );
  return (
    <section aria-labelledby="responses-heading" className="mt-16 border-t border-line pt-8" data-testid="responses">
      <h2 id="responses-heading" className="text-xl font-semibold">
        {texts.responsesHeading}
      </h2>
      <div className="mt-4 flex flex-wrap gap-6">
        {counted(likes, texts.likesOne, texts.likes, "likes")}
        {counted(boosts, texts.boostsOne, texts.boosts, "boosts")}
      </div>
      <ol className="mt-6 space-y-6">
        {replies.map((reply) => (
          <li key={reply.id} className={reply.answer ? "ml-6 border-l-2 border-accent pl-4" : ""}>
            <article
              aria-label={
                reply.answer
                  ? texts.answerBy
                  : format(reply.kind === "webmention" ? texts.mentionBy : texts.replyBy, { name: reply.name })
              }
            >
              <p className="flex flex-wrap items-center gap-x-2 text-sm">
                {reply.avatar ? (
                  <img
                    src={reply.avatar}
                    alt={format(texts.avatarOf, { name: reply.name })}
                    width={32}
                    height={32}
                    loading="lazy"
                    decoding="async"
                    className="size-8 shrink-0 rounded-full bg-surface object-cover"
                  />
                ) : (
                  <span
                    aria-hidden="true"
                    className="grid size-8 shrink-0 place-items-center rounded-full bg-surface font-bold text-accent"
                  >
                    {reply.name.trim().charAt(0).toUpperCase() || "?"}
                  </span>
                )}
                {reply.url ? (
                  <a href={reply.url} rel="nofollow ugc" className="font-medium text-accent hover:underline">
                    {reply.name}
                  </a>
                ) : (
                  <span className="font-medium">{reply.name}</span>
                )}
                {reply.handle && <span className="text-fg-muted">{reply.handle}</span>}
                <time className="text-fg-muted" dateTime={reply.date}>
                  {reply.date.slice(0, 10)}
                </time>
              </p>
              {reply.title && (
                <p className="mt-1 font-medium">
                  {reply.source ? (
                    <a href={reply.source} rel="nofollow ugc" className="text-accent hover:underline">
                      {reply.title}
                    </a>
                  ) : (
                    reply.title
                  )}
                </p>
              )}
              {/* Sanitized when stored (app/server/responses/sanitize.server.ts). */}
              {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the site's Markdown pipeline */}
              <div className="prose-response mt-2 break-words" dangerouslySetInnerHTML={{ __html: reply.html }} />
            </article>
          </li>
        ))}
      </ol>
    </section>
  );
}
