import { useContext } from "react";
import { CalendarDays, Clock } from "~/components/icons";
import type { Picture } from "~/content/images.ts";
import { format, useT } from "~/i18n";
import { ArticleHtmlContext } from "~/lib/article-html.ts";
import { tagPath } from "~/lib/blog-paths.ts";
import { tagHashtag, visibleTags } from "~/lib/tags.ts";
import { ResponsiveImage } from "../portfolio/ResponsiveImage.tsx";
import { LocalLink } from "../ui/LocalLink.tsx";

export interface PostCardData {
  slug: string;
  title: string;
  excerpt: string;
  publishedAt: string;
  dateLabel: string;
  tags: string[];
  /** The names of the tags that have one; the others show their slug. */
  tagNames?: Record<string, string>;
  cover?: string;
  picture?: Picture;
}

/**
 * One post in the blog list: cover, date, title, excerpt and at most two tags then '+N'. A post without a
 * cover is a card of text, not a card missing its picture: a tinted card with a larger title and more of its
 * excerpt, its tags and a "read" line at its foot, so that beside covered cards in a row its height holds
 * words, not an empty block.
 */
export function PostCard({ post, eager = false }: { post: PostCardData; eager?: boolean }) {
  const { t } = useT();
  const { shown, hidden } = visibleTags(post.tags);
  const covered = Boolean(post.cover || post.picture);
  return (
    <article
      className={`group relative flex min-w-0 flex-1 flex-col overflow-hidden rounded-2xl border border-line transition hover:-translate-y-0.5 hover:border-accent/50 hover:shadow-lg hover:shadow-black/5 ${covered ? "bg-bg" : "bg-surface"}`}
      data-cover={covered ? "yes" : "no"}
    >
      {covered ? (
        <PostCover
          cover={post.cover}
          picture={post.picture}
          eager={eager}
          sizes="(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw"
        />
      ) : (
        // The brand's stripe on top, as the covers' colours are on the others.
        <div aria-hidden="true" className="brand-gradient h-1.5" data-testid="no-cover" />
      )}
      <div className={`flex flex-1 flex-col ${covered ? "p-5" : "p-5 sm:p-6"}`}>
        <p className="flex items-center gap-1.5 text-sm text-fg-muted">
          <CalendarDays className="size-4" aria-hidden="true" />
          <time dateTime={post.publishedAt}>{post.dateLabel}</time>
        </p>
        {/* Without a cover, the title and excerpt sit in the middle of a card stretched to its row's height. */}
        <div className={covered ? "" : "sm:my-auto sm:py-4"}>
          {/* Authors' titles may hold long unbroken words (URLs, code); they wrap instead of widening the page. */}
          <h2
            className={`mt-2 font-semibold leading-snug tracking-tight [overflow-wrap:anywhere] ${covered ? "text-lg" : "text-xl sm:mt-3 sm:text-2xl"}`}
          >
            <LocalLink to={`/blog/${post.slug}`} className="after:absolute after:inset-0 group-hover:text-accent">
              {post.title}
            </LocalLink>
          </h2>
          <p
            className={`mt-2 leading-relaxed text-fg-muted [overflow-wrap:anywhere] ${covered ? "line-clamp-3 text-sm" : "line-clamp-4 text-sm sm:mt-3 sm:line-clamp-8 sm:text-base"}`}
          >
            {post.excerpt}
          </p>
        </div>
        {(post.tags.length > 0 || !covered) && (
          <div
            className={`flex flex-wrap items-end justify-between gap-x-4 gap-y-3 pt-4 ${covered ? "mt-auto" : "mt-auto sm:mt-0"}`}
          >
            {post.tags.length > 0 && (
              <ul className="flex flex-wrap gap-1.5" aria-label={t.blog.tagsLabel} data-testid="post-tags">
                {shown.map((tag) => (
                  <li
                    key={tag}
                    className="rounded-full bg-accent-soft px-2.5 py-0.5 text-xs font-medium text-accent-soft-fg"
                  >
                    {post.tagNames?.[tag] ?? tag}
                  </li>
                ))}
                {hidden > 0 && (
                  <li className="rounded-full bg-surface-2 px-2.5 py-0.5 text-xs font-medium text-fg-muted">
                    {format(t.blog.moreTags, { count: hidden })}
                  </li>
                )}
              </ul>
            )}
            {/* The whole card is the title's link; this line only says so, where a cover would. */}
            {!covered && (
              <span aria-hidden="true" className="ml-auto text-sm font-medium text-accent">
                {t.blog.readArticle} →
              </span>
            )}
          </div>
        )}
      </div>
    </article>
  );
}

/**
 * The cover of a post, or nothing for a post without one: a placeholder the
 * size of a cover only pushed the text below the first screen.
 */
export function PostCover({
  cover,
  picture,
  eager,
  sizes,
  alt = "",
}: {
  cover?: string | undefined;
  picture?: Picture | undefined;
  eager: boolean;
  sizes: string;
  /** What the cover shows, when the author described it; none: decorative (a card's title names its link). */
  alt?: string | undefined;
}) {
  if (picture) {
    return (
      <ResponsiveImage
        image={picture}
        alt={alt}
        sizes={sizes}
        priority={eager}
        className="aspect-[1200/630] w-full bg-surface-2 object-cover"
      />
    );
  }
  if (cover) {
    return (
      <img
        src={cover}
        alt={alt}
        width={1200}
        height={630}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
        fetchPriority={eager ? "high" : "low"}
        {...(eager ? {} : { "data-after-paint": "" })}
        className="aspect-[1200/630] w-full bg-surface-2 object-cover"
      />
    );
  }
  return null;
}

/** What an article's header shows of its post. */
export interface ArticleHeading {
  title: string;
  publishedAt: string;
  dateLabel: string;
  editedAt?: string | undefined;
  editedLabel?: string | undefined;
  readingMinutes: number;
  tags: string[];
  tagNames?: Record<string, string> | undefined;
}

/**
 * An article's title, dates, reading time and tags (each a link to its tag
 * page, named as the author typed it): the public page and the previews of a
 * post that is not public yet show the same.
 */
export function ArticleHeader({ post }: { post: ArticleHeading }) {
  const { t } = useT();
  return (
    <header className="mt-6">
      <h1 className="text-balance text-3xl font-bold tracking-tight [overflow-wrap:anywhere] sm:text-5xl">
        {post.title}
      </h1>
      <p className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-fg-muted">
        <time dateTime={post.publishedAt}>{post.dateLabel}</time>
        {post.editedLabel && post.editedAt && (
          <span>
            {t.blog.updatedOn.split("{date}")[0]}
            <time dateTime={post.editedAt}>{post.editedLabel}</time>
            {t.blog.updatedOn.split("{date}")[1]}
          </span>
        )}
        <span className="inline-flex items-center gap-1.5">
          <Clock className="size-4" aria-hidden="true" />
          {format(t.blog.readingTime, { minutes: post.readingMinutes })}
        </span>
      </p>
      {post.tags.length > 0 && (
        <ul className="mt-4 flex flex-wrap gap-2" aria-label={t.blog.tagsLabel}>
          {post.tags.map((tag) => (
            <li key={tag} className="font-mono text-sm">
              <LocalLink
                to={tagPath(tag, "pt")}
                aria-label={format(t.blog.tagLink, { tag: tagHashtag(tag, post.tagNames) })}
                className="text-accent hover:underline"
              >
                {tagHashtag(tag, post.tagNames)}
              </LocalLink>
            </li>
          ))}
        </ul>
      )}
    </header>
  );
}

/** An article's cover, when it has one, described as its author described it, and its caption under it. */
export function ArticleCover({
  cover,
  picture,
  alt,
  caption,
}: {
  cover?: string | undefined;
  picture?: Picture | undefined;
  alt?: string | undefined;
  caption?: string | undefined;
}) {
  if (!cover && !picture) return null;
  return (
    <figure className="mt-8">
      <div className="overflow-hidden rounded-2xl border border-line">
        {/* On a phone the article's text, not its cover, is the first screen's largest content:
            the cover loads once laid out, never ahead of the stylesheet and font (decision 032). */}
        <PostCover cover={cover} picture={picture} alt={alt} eager={false} sizes="(min-width: 768px) 720px, 100vw" />
      </div>
      {caption && (
        <figcaption className="mt-2 text-center text-sm text-fg-muted [overflow-wrap:anywhere]">{caption}</figcaption>
      )}
    </figure>
  );
}

/**
 * A rendered article. The HTML comes sanitized from the server's Markdown
 * pipeline, with a copy button before every code block; the page script
 * makes those buttons work (`app/first-paint/page-script/copy.ts`), with the labels this
 * wrapper carries in the page's language.
 *
 * `html` is given after a client-side navigation. A document's body comes
 * from the server's render (`ArticleHtmlContext`), and when the browser
 * hydrates that document it has neither: React then adopts the server's
 * markup as it is (`__html` stays empty, so React never writes it).
 */
export function ArticleBody({ html }: { html?: string | undefined }) {
  const { t } = useT();
  const serverHtml = useContext(ArticleHtmlContext);
  const body = html ?? serverHtml;
  return (
    <div
      className="article-body"
      data-copy-scope=""
      data-copy-label={t.blog.copy}
      data-copied-label={t.blog.copied}
      data-copy-failed-label={t.blog.copyFailed}
      // Rendered by React after a client-side navigation, the page script is there: the buttons work at once.
      data-copy-ready={html === undefined ? undefined : ""}
      suppressHydrationWarning={body === undefined}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's Markdown pipeline sanitizes this HTML
      dangerouslySetInnerHTML={{ __html: body ?? "" }}
    />
  );
}
