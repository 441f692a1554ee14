import { data } from "react-router";
import { PreferenceFields } from "~/components/newsletter/NewsletterForm.tsx";
import { buttonPrimary, buttonSecondary, card } from "~/components/portfolio/styles.ts";
import { LocalLink } from "~/components/ui/LocalLink.tsx";
import { PageHeader } from "~/components/ui/PageHeader.tsx";
import { dictionaryFor, format, langFromPath, useT } from "~/i18n";
import { privatePageMeta } from "~/lib/seo.ts";
import type { NewsletterSubscriber } from "~/server/db/schema.ts";
import { readForm } from "~/server/form.server.ts";
import { subscriberForToken, unsubscribeByToken, updateByToken } from "~/server/newsletter/public.server.ts";
import { servicesOf } from "~/server/request-context.server.ts";
import type { Route } from "./+types/newsletter-unsubscribe";
import { InvalidLink } from "./newsletter-confirm.tsx";

const noStore = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };

const view = (subscriber: NewsletterSubscriber, done?: "left" | "saved") => ({
  state: "found" as const,
  email: subscriber.email,
  status: subscriber.status,
  langs: subscriber.langs,
  frequency: subscriber.frequency,
  done,
});

/** The page every mail's footer links to: opening it changes nothing. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const subscriber = await subscriberForToken(
    "unsubscribe",
    new URL(request.url).searchParams.get("token"),
    servicesOf(context),
  );
  if (!subscriber) return data({ state: "invalid" as const }, { status: 404, headers: noStore });
  return data(view(subscriber), { headers: noStore });
}

/**
 * A POST to the mail's unsubscribe address: the one-click POST of a mail
 * program (RFC 8058, `List-Unsubscribe=One-Click`, no cookie) or this page's
 * button unsubscribes at once; this page's other form changes preferences.
 * The token in the address is the only authority.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  const form = await readForm(request);
  if (form.get("intent") === "preferences") {
    const subscriber = await updateByToken(token, form, langFromPath(url.pathname), servicesOf(context));
    if (!subscriber) return data({ state: "invalid" as const }, { status: 404, headers: noStore });
    return data(view(subscriber, "saved"), { headers: noStore });
  }
  const subscriber = await unsubscribeByToken(token, servicesOf(context));
  if (!subscriber) return data({ state: "invalid" as const }, { status: 404, headers: noStore });
  return data(view({ ...subscriber, status: "unsubscribed" }, "left"), { headers: noStore });
}

export const meta: Route.MetaFunction = ({ location }) =>
  privatePageMeta(dictionaryFor(langFromPath(location.pathname)).newsletter.manage.title, location.pathname);

export default function NewsletterUnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT();
  const texts = t.newsletter;
  const page = actionData ?? loaderData;
  if (page.state === "invalid") return <InvalidLink />;
  const left = page.status === "unsubscribed" || page.status === "suppressed";
  const languages = page.langs.length > 1 ? "both" : (page.langs[0] ?? "pt");
  return (
    <>
      <PageHeader heading={left ? texts.manage.left : texts.manage.heading} />
      <div className="container-page grid max-w-2xl gap-6 py-12 sm:py-16">
        {left ? (
          <div role="status" className={`${card} p-6 sm:p-8`} data-testid="newsletter-left">
            <p>{format(texts.manage.leftText, { email: page.email })}</p>
            <LocalLink to="/newsletter" className={`${buttonSecondary} mt-6`}>
              {texts.invalid.subscribe}
            </LocalLink>
          </div>
        ) : (
          <>
            <div className={`${card} p-6 sm:p-8`}>
              <p>{format(texts.manage.text, { email: page.email })}</p>
              {page.status === "pending" && <p className="mt-2 text-sm text-fg-muted">{texts.manage.pendingText}</p>}
              <form method="post" className="mt-6 flex flex-wrap items-center gap-x-4 gap-y-2">
                <input type="hidden" name="intent" value="unsubscribe" />
                <button type="submit" className={buttonPrimary}>
                  {texts.manage.leave}
                </button>
                <span className="text-sm text-fg-muted">{texts.manage.leaveHint}</span>
              </form>
            </div>
            {page.status === "confirmed" && (
              <section aria-labelledby="preferences-title" className={`${card} p-6 sm:p-8`}>
                <h2 id="preferences-title" className="text-xl font-semibold tracking-tight">
                  {texts.manage.preferences}
                </h2>
                {page.done === "saved" && (
                  <p role="status" className="mt-3 text-sm text-success" data-testid="newsletter-saved">
                    {texts.manage.saved}
                  </p>
                )}
                <form method="post" className="mt-5 grid gap-5">
                  <input type="hidden" name="intent" value="preferences" />
                  <PreferenceFields languages={languages} frequency={page.frequency} />
                  <div>
                    <button type="submit" className={buttonSecondary}>
                      {texts.manage.save}
                    </button>
                  </div>
                </form>
              </section>
            )}
          </>
        )}
      </div>
    </>
  );
}
