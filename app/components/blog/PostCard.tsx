import { CalendarDays } from "~/components/icons";
import type { Picture } from "~/content/images.ts";
import { format, useT } from "~/i18n";
import { visibleTags } from "~/lib/tags.ts";
import { ResponsiveImage } from "../portfolio/ResponsiveImage.tsx";
import { LocalLink } from "../ui/LocalLink.tsx";

export interface PostCardData {
  slug: string;
  title: string;
  excerpt: string;
  publishedAt: string;
  dateLabel: string;
  tags: string[];
  cover?: string;
  picture?: Picture;
}

/** One post in the blog list: cover, date, title, excerpt and at most two tags then '+N'. */
export function PostCard({ post, eager = false }: { post: PostCardData; eager?: boolean }) {
  const { t } = useT();
  const { shown, hidden } = visibleTags(post.tags);
  return (
    <article className="group relative flex min-w-0 flex-1 flex-col overflow-hidden rounded-2xl border border-line bg-bg transition hover:-translate-y-0.5 hover:border-accent/50 hover:shadow-lg hover:shadow-black/5">
      {post.cover || post.picture ? (
        <PostCover
          cover={post.cover}
          picture={post.picture}
          eager={eager}
          sizes="(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw"
        />
      ) : (
        // A post without a cover: the brand's stripe, not a block that pushes the text down.
        <div aria-hidden="true" className="brand-gradient h-1.5" data-testid="no-cover" />
      )}
      <div className="flex flex-1 flex-col p-5">
        <p className="flex items-center gap-1.5 text-sm text-fg-muted">
          <CalendarDays className="size-4" aria-hidden="true" />
          <time dateTime={post.publishedAt}>{post.dateLabel}</time>
        </p>
        {/* Authors' titles may hold long unbroken words (URLs, code); they wrap instead of widening the page. */}
        <h2 className="mt-2 text-lg font-semibold leading-snug tracking-tight [overflow-wrap:anywhere]">
          <LocalLink to={`/blog/${post.slug}`} className="after:absolute after:inset-0 group-hover:text-accent">
            {post.title}
          </LocalLink>
        </h2>
        <p className="mt-2 line-clamp-3 text-sm leading-relaxed text-fg-muted [overflow-wrap:anywhere]">
          {post.excerpt}
        </p>
        {post.tags.length > 0 && (
          <ul className="mt-auto flex flex-wrap gap-1.5 pt-4" aria-label={t.blog.tagsLabel} data-testid="post-tags">
            {shown.map((tag) => (
              <li
                key={tag}
                className="rounded-full bg-accent-soft px-2.5 py-0.5 text-xs font-medium text-accent-soft-fg"
              >
                {tag}
              </li>
            ))}
            {hidden > 0 && (
              <li className="rounded-full bg-surface-2 px-2.5 py-0.5 text-xs font-medium text-fg-muted">
                {format(t.blog.moreTags, { count: hidden })}
              </li>
            )}
          </ul>
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
}: {
  cover?: string | undefined;
  picture?: Picture | undefined;
  eager: boolean;
  sizes: string;
}) {
  if (picture) {
    return (
      <ResponsiveImage
        image={picture}
        alt=""
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
        alt=""
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
