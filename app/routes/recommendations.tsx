import { BookOpen, CalendarCheck, ShoppingCart, Tag } from "~/components/icons";
import { RatingStars } from "~/components/portfolio/RatingStars.tsx";
import { ResponsiveImage } from "~/components/portfolio/ResponsiveImage.tsx";
import { buttonPrimary, card, eyebrow } from "~/components/portfolio/styles.ts";
import { ExternalLink } from "~/components/ui/ExternalLink.tsx";
import { PageHeader } from "~/components/ui/PageHeader.tsx";
import { type BookCardData, recommendationsPage } from "~/content/pages/recommendations.server.ts";
import { format, useT } from "~/i18n";
import { keepDataOnSamePath } from "~/lib/page-data.ts";
import { requestLang } from "~/lib/request-lang.ts";
import { pageSeo } from "~/lib/seo.ts";
import type { Route } from "./+types/recommendations";

// Runs at build time for each language; the page receives its own language's content as data.
export function loader({ request }: Route.LoaderArgs) {
  return recommendationsPage(requestLang(request));
}

export const shouldRevalidate = keepDataOnSamePath;

export const meta: Route.MetaFunction = ({ location }) => pageSeo("recommendations", location.pathname);

export default function RecommendationsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  return (
    <>
      <PageHeader heading={t.pages.recommendations.heading} lead={t.pages.recommendations.description} />
      <div className="container-page grid gap-10 py-14 sm:py-20">
        {loaderData.books.map((book) => (
          <BookCard key={book.id} book={book} />
        ))}
      </div>
    </>
  );
}

function BookCard({ book }: { book: BookCardData }) {
  const { t } = useT();
  const texts = t.portfolio.recommendations;
  return (
    <article
      className={`${card} grid gap-8 overflow-hidden p-6 sm:p-10 md:grid-cols-[16rem_1fr] md:gap-12`}
      data-testid="book"
    >
      <div className="relative mx-auto w-48 md:w-full">
        <div aria-hidden="true" className="brand-glow absolute -inset-4 -z-0 opacity-40" />
        <ResponsiveImage
          image={book.image}
          alt={format(texts.coverAlt, { title: book.title })}
          sizes="(min-width: 768px) 256px, 192px"
          priority
          className="relative aspect-[2/3] w-full rounded-lg shadow-2xl ring-1 ring-line"
        />
      </div>
      <div>
        <p className={eyebrow}>{texts.eyebrow}</p>
        <h2 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">{book.title}</h2>
        <p className="mt-1 text-lg text-fg-muted">{format(texts.by, { author: book.author })}</p>
        <div className="mt-4">
          <RatingStars rating={book.rating} />
        </div>
        <dl className="mt-6 flex flex-wrap gap-3 text-sm">
          <div className="flex items-center gap-2 rounded-full border border-line bg-bg px-3 py-1.5">
            <dt className="flex items-center gap-2 text-fg-muted">
              <Tag className="size-4 text-accent" aria-hidden="true" />
              {texts.category}:
            </dt>
            <dd className="font-semibold">{book.category}</dd>
          </div>
          <div className="flex items-center gap-2 rounded-full border border-line bg-bg px-3 py-1.5">
            <dt className="flex items-center gap-2 text-fg-muted">
              <CalendarCheck className="size-4 text-accent" aria-hidden="true" />
              {texts.yearRead}:
            </dt>
            <dd className="font-semibold">{book.yearRead}</dd>
          </div>
        </dl>
        <p className="mt-6 leading-relaxed text-fg-muted">{book.description}</p>
        <section aria-labelledby="why-title" className="mt-6 rounded-card border-l-4 border-accent bg-bg p-5">
          <h3 id="why-title" className="flex items-center gap-2 font-semibold">
            <BookOpen className="size-4 text-accent" aria-hidden="true" />
            {texts.whyTitle}
          </h3>
          <p className="mt-2 leading-relaxed text-fg-muted">{book.whyRecommend}</p>
        </section>
        <ExternalLink href={book.purchaseLink} className={`${buttonPrimary} mt-8`} data-testid="buy-book">
          <ShoppingCart className="size-4" aria-hidden="true" />
          {texts.buy}
        </ExternalLink>
      </div>
    </article>
  );
}
