import { data } from "react-router";
import { AdminNav } from "~/components/admin/AdminNav.tsx";
import { type SubscriberRow, SubscribersAdmin } from "~/components/admin/Subscribers.tsx";
import type { SignedInHandle } from "~/components/layout/AuthButtons.tsx";
import { PageHeader } from "~/components/ui/PageHeader.tsx";
import type { HydrationHandle } from "~/first-paint/held-hydration.ts";
import { dictionaryFor, langFromPath, useT } from "~/i18n";
import { plainQuery } from "~/lib/search-query.ts";
import { adminPageMeta } from "~/lib/seo.ts";
import { authorContext, requireAuthor } from "~/server/auth/guard.server.ts";
import { countUnread } from "~/server/contact/messages.server.ts";
import type { User } from "~/server/db/schema.ts";
import { readForm } from "~/server/form.server.ts";
import { subscriberAdminAction } from "~/server/newsletter/admin.server.ts";
import { postSendCounts, readDigestSettings } from "~/server/newsletter/queue.server.ts";
import { listSubscribers, subscriberCounts } from "~/server/newsletter/subscribers.server.ts";
import { servicesOf } from "~/server/request-context.server.ts";
import { type AppServices, contactServices, newsletterEnabled } from "~/server/services.server.ts";
import type { Route } from "./+types/admin-subscribers";

// Runs before the loader and the action, on document and data requests alike: a visitor never reaches either.
export const middleware: Route.MiddlewareFunction[] = [requireAuthor];

// A screen of controls: hydrated as soon as its scripts arrive, not after its first paint.
export const handle = { hydrateAtOnce: true, signedIn: true } satisfies HydrationHandle & SignedInHandle;

export const meta: Route.MetaFunction = ({ location }) =>
  adminPageMeta(dictionaryFor(langFromPath(location.pathname)).admin.subscribers, location.pathname);

/** Where a test goes: the author's GitHub e-mail, or the owner's address (CONTACT_TO) when GitHub gave none. */
const testAddress = (author: User, app: AppServices) => author.email ?? contactServices(app).to;

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = servicesOf(context);
  const { db } = app;
  const query = plainQuery(new URL(request.url).searchParams.get("q"), 200);
  const [counts, sends, digest, subscribers, unread] = await Promise.all([
    subscriberCounts(db),
    postSendCounts(db),
    readDigestSettings(db),
    listSubscribers(db, query),
    countUnread(db),
  ]);
  return {
    unread,
    view: {
      enabled: newsletterEnabled(app),
      testAddress: testAddress(context.get(authorContext), app),
      counts,
      sends,
      digest,
      query,
      subscribers: subscribers.map(
        (row): SubscriberRow => ({
          id: row.id,
          email: row.email,
          status: row.status,
          langs: row.langs,
          frequency: row.frequency,
          source: row.source,
          createdAt: row.createdAt.toISOString(),
        }),
      ),
    },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const lang = langFromPath(new URL(request.url).pathname);
  const app = servicesOf(context);
  const result = await subscriberAdminAction(app.db, await readForm(request), dictionaryFor(lang).admin.subscribers, {
    sendTest: app.newsletter?.sendTest ?? null,
    to: testAddress(context.get(authorContext), app),
  });
  return data(result.body, { status: result.status });
}

export default function AdminSubscribersPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT();
  const texts = t.admin.subscribers;
  return (
    <>
      <AdminNav unread={loaderData.unread} />
      <PageHeader heading={texts.heading} lead={texts.description} />
      <SubscribersAdmin view={loaderData.view} result={actionData} />
    </>
  );
}
