import { FediverseHandles } from "~/components/blog/FediverseHandles.tsx";
import { PostGrid } from "~/components/blog/PostGrid.tsx";
import { SearchBox } from "~/components/blog/SearchBox.tsx";
import { Rss, Send } from "~/components/icons";
import { NewsletterForm } from "~/components/newsletter/NewsletterForm.tsx";
import { LocalLink } from "~/components/ui/LocalLink.tsx";
import { PageHeader } from "~/components/ui/PageHeader.tsx";
import { langFromPath, localizePath, useT } from "~/i18n";
import { formatDate } from "~/lib/dates.ts";
import { pageSeo } from "~/lib/seo.ts";
import { listPublicPosts } from "~/server/blog/public-posts.server.ts";
import { servicesIfServing } from "~/server/request-context.server.ts";
import { fediverseEnabled, newsletterEnabled } from "~/server/services.server.ts";
import type { Route } from "./+types/blog";

export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = langFromPath(new URL(request.url).pathname);
  const app = servicesIfServing(context);
  const posts = await listPublicPosts(app?.db, lang);
  return {
    posts: posts.map((post) => ({ ...post, dateLabel: formatDate(post.publishedAt, lang) })),
    newsletter: newsletterEnabled(app),
    fediverse: fediverseEnabled(app),
  };
}

export const meta: Route.MetaFunction = ({ location }) => pageSeo("blog", location.pathname);

export default function BlogPage({ loaderData }: Route.ComponentProps) {
  const { lang, t } = useT();
  return (
    <>
      <PageHeader heading={t.pages.blog.heading} lead={t.pages.blog.description}>
        {/* Both ways to follow the blog at the top of the list: the newsletter's form is at its end. */}
        <p className="mt-6 flex flex-wrap gap-x-6 gap-y-3 text-sm font-medium">
          <a
            href={localizePath("/rss.xml", lang)}
            className="inline-flex items-center gap-2 text-accent hover:underline"
          >
            <Rss className="size-4" aria-hidden="true" />
            {t.blog.subscribe}
          </a>
          {loaderData.newsletter && (
            <LocalLink to="/newsletter" className="inline-flex items-center gap-2 text-accent hover:underline">
              <Send className="size-4" aria-hidden="true" />
              {t.blog.subscribeByMail}
            </LocalLink>
          )}
        </p>
        {loaderData.fediverse && <FediverseHandles className="mt-3" />}
        <SearchBox className="mt-8" />
      </PageHeader>
      <div className="container-page py-12 sm:py-16">
        <PostGrid posts={loaderData.posts} />
        {loaderData.newsletter && <NewsletterForm source={localizePath("/blog", lang)} className="mt-16" />}
      </div>
    </>
  );
}
