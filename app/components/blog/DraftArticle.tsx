import type { ReactNode } from "react";
import { ArticleBody, ArticleCover, ArticleHeader, type ArticleHeading } from "~/components/blog/PostCard.tsx";
import { Info } from "~/components/icons";
import { htmlLang, type Lang, useT } from "~/i18n";

/** A post shown as its public page before readers can see it. */
export interface DraftView extends ArticleHeading {
  lang: Lang;
  cover?: string | undefined;
  coverAlt?: string | undefined;
  coverCaption?: string | undefined;
  /** Given after a client-side navigation; a document's body comes with the server's render. */
  html?: string | undefined;
}

/**
 * A post that is not public yet in the public article's own layout, under a
 * banner that says so; `children` add to the banner (the author's sharing).
 */
export function DraftArticle({ post, children }: { post: DraftView; children?: ReactNode }) {
  const { lang, t } = useT();
  return (
    <article
      className="container-page max-w-3xl py-10 sm:py-14"
      // A post is written in one language; the page around it may be in the other.
      {...(post.lang === lang ? {} : { lang: htmlLang[post.lang] })}
    >
      <div
        className="rounded-xl border-2 border-dashed border-accent bg-accent-soft px-4 py-3 text-accent-soft-fg"
        lang={htmlLang[lang]}
        data-testid="preview-banner"
      >
        <p className="flex items-start gap-2 font-semibold">
          <Info className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          {t.blog.preview.banner}
        </p>
        {children}
      </div>
      <ArticleHeader post={post} />
      <ArticleCover cover={post.cover} alt={post.coverAlt} caption={post.coverCaption} />
      <div className="mt-10">
        <ArticleBody html={post.html} />
      </div>
    </article>
  );
}
