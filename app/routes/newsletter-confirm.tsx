import { data } from "react-router";
import { buttonPrimary, buttonSecondary, card } from "~/components/portfolio/styles.ts";
import { LocalLink } from "~/components/ui/LocalLink.tsx";
import { PageHeader } from "~/components/ui/PageHeader.tsx";
import { dictionaryFor, format, langFromPath, useT } from "~/i18n";
import { privatePageMeta } from "~/lib/seo.ts";
import { confirmByToken, subscriberForToken } from "~/server/newsletter/public.server.ts";
import { servicesOf } from "~/server/request-context.server.ts";
import type { Route } from "./+types/newsletter-confirm";

const noStore = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };

/** Opening the link changes nothing (mail scanners open links too): it shows the button that confirms. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const subscriber = await subscriberForToken("confirm", token, servicesOf(context));
  if (!subscriber) return data({ state: "invalid" as const }, { status: 404, headers: noStore });
  const state = subscriber.status === "confirmed" ? ("confirmed" as const) : ("ask" as const);
  return data({ state, email: subscriber.email, token: token ?? "" }, { headers: noStore });
}

/** The button's POST, the one thing that confirms; pressing it twice is harmless. */
export async function action({ request, context }: Route.ActionArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const subscriber = await confirmByToken(token, servicesOf(context));
  if (!subscriber) return data({ state: "invalid" as const }, { status: 404, headers: noStore });
  return data({ state: "confirmed" as const, email: subscriber.email, token: "" }, { headers: noStore });
}

export const meta: Route.MetaFunction = ({ location }) =>
  privatePageMeta(dictionaryFor(langFromPath(location.pathname)).newsletter.confirm.title, location.pathname);

export default function NewsletterConfirmPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT();
  const texts = t.newsletter;
  const view = actionData ?? loaderData;
  if (view.state === "invalid") return <InvalidLink />;
  const done = view.state === "confirmed";
  return (
    <>
      <PageHeader heading={done ? texts.confirm.done : texts.confirm.heading} />
      <div className="container-page max-w-2xl py-12 sm:py-16">
        <div
          className={`${card} p-6 sm:p-8`}
          {...(done ? { role: "status", "data-testid": "newsletter-confirmed" } : {})}
        >
          <p>{format(done ? texts.confirm.doneText : texts.confirm.text, { email: view.email })}</p>
          {!done && (
            // A plain form posts to this very address, token included, with or without JavaScript.
            <form method="post" className="mt-6">
              <button type="submit" className={buttonPrimary}>
                {texts.confirm.button}
              </button>
            </form>
          )}
        </div>
      </div>
    </>
  );
}

/** A link forged, expired or replaced by a newer one: it says only that, and how to subscribe again. */
export function InvalidLink() {
  const { t } = useT();
  const texts = t.newsletter.invalid;
  return (
    <>
      <PageHeader heading={texts.heading} />
      <div className="container-page max-w-2xl py-12 sm:py-16">
        <div className={`${card} p-6 sm:p-8`} data-testid="newsletter-invalid-link">
          <p>{texts.text}</p>
          <LocalLink to="/newsletter" className={`${buttonSecondary} mt-6`}>
            {texts.subscribe}
          </LocalLink>
        </div>
      </div>
    </>
  );
}
