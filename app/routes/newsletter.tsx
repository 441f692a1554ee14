import { data } from "react-router";
import { FediverseHandles } from "~/components/blog/FediverseHandles.tsx";
import { Rss } from "~/components/icons";
import { NewsletterForm } from "~/components/newsletter/NewsletterForm.tsx";
import { buttonSecondary, card } from "~/components/portfolio/styles.ts";
import { LocalLink } from "~/components/ui/LocalLink.tsx";
import { PageHeader } from "~/components/ui/PageHeader.tsx";
import { dictionaryFor, langFromPath, localizePath, useT } from "~/i18n";
import { documentTitleFor, seo } from "~/lib/seo.ts";
import { readForm } from "~/server/form.server.ts";
import { submitSubscription } from "~/server/newsletter/public.server.ts";
import { clientIpContext, servicesIfServing, servicesOf } from "~/server/request-context.server.ts";
import { fediverseEnabled, newsletterEnabled } from "~/server/services.server.ts";
import type { Route } from "./+types/newsletter";

export function loader({ context }: Route.LoaderArgs) {
  const app = servicesIfServing(context);
  return { enabled: newsletterEnabled(app), fediverse: fediverseEnabled(app) };
}

/** A subscription, sent by any of the site's forms (without JavaScript too): answered on this page. */
export async function action({ request, context }: Route.ActionArgs) {
  const { pathname } = new URL(request.url);
  const lang = langFromPath(pathname);
  const form = await readForm(request, lang);
  const app = servicesOf(context);
  const { status, reply } = await submitSubscription(form, lang, context.get(clientIpContext), app);
  const headers = new Headers({ "Cache-Control": "no-store" });
  // Over the limit: 429 and this page in the reader's language, the form keeping what was typed.
  if (status === 429 && !reply.ok) headers.set("Retry-After", String(reply.retryAfterSeconds ?? 60));
  return data({ enabled: newsletterEnabled(app), reply }, { status, headers });
}

/** The action's headers (a refusal's Retry-After) reach the page that shows its answer. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

export const meta: Route.MetaFunction = ({ location }) => {
  const texts = dictionaryFor(langFromPath(location.pathname)).newsletter.page;
  return seo({
    pathname: location.pathname,
    title: documentTitleFor(texts.title, location.pathname),
    description: texts.description,
  });
};

export default function NewsletterPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lang, t } = useT();
  const texts = t.newsletter;
  const reply = actionData?.reply;
  const enabled = actionData?.enabled ?? loaderData.enabled;
  return (
    <>
      <PageHeader heading={texts.page.heading} lead={texts.page.description} />
      <div className="container-page max-w-2xl py-12 sm:py-16">
        {!enabled ? (
          <div className={`${card} p-6 sm:p-8`} data-testid="newsletter-unavailable">
            <p>{texts.page.unavailable}</p>
            <a href={localizePath("/rss.xml", lang)} className={`${buttonSecondary} mt-5`}>
              <Rss className="size-4" aria-hidden="true" />
              {texts.page.rss}
            </a>
          </div>
        ) : reply?.ok ? (
          <div role="status" className={`${card} p-6 sm:p-8`} data-testid="newsletter-sent">
            <h2 className="text-2xl font-bold tracking-tight">{texts.sent.heading}</h2>
            <p className="mt-2 text-fg-muted">{texts.sent.text}</p>
            <LocalLink to="/blog" className={`${buttonSecondary} mt-6`}>
              {texts.sent.back}
            </LocalLink>
          </div>
        ) : (
          <NewsletterForm
            source={localizePath("/newsletter", lang)}
            values={reply?.values}
            fieldError={reply?.fieldError}
            message={reply?.message || undefined}
          />
        )}
        {loaderData.fediverse && <FediverseHandles className="mt-8" />}
      </div>
    </>
  );
}
