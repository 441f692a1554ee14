import { AdminNav } from "~/components/admin/AdminNav.tsx";
import { AudienceAdmin, type AudienceView } from "~/components/admin/Audience.tsx";
import type { SignedInHandle } from "~/components/layout/AuthButtons.tsx";
import { PageHeader } from "~/components/ui/PageHeader.tsx";
import type { HydrationHandle } from "~/first-paint/held-hydration.ts";
import { dictionaryFor, langFromPath, useT } from "~/i18n";
import { adminPageMeta } from "~/lib/seo.ts";
import { audienceRange, audienceReport } from "~/server/analytics/report.server.ts";
import { requireAuthor } from "~/server/auth/guard.server.ts";
import { countUnread } from "~/server/contact/messages.server.ts";
import { handleOf } from "~/server/fediverse/handles.server.ts";
import { followerSummary } from "~/server/fediverse/owner.server.ts";
import { postSendCounts } from "~/server/newsletter/queue.server.ts";
import { subscriberCounts } from "~/server/newsletter/subscribers.server.ts";
import { servicesOf } from "~/server/request-context.server.ts";
import { fediverseEnabled, newsletterEnabled } from "~/server/services.server.ts";
import { siteUrl } from "~/site.config.ts";
import type { Route } from "./+types/admin-audience";

// Runs before the loader, on document and data requests alike: a visitor never reaches it.
export const middleware: Route.MiddlewareFunction[] = [requireAuthor];

// A screen of controls: hydrated as soon as its scripts arrive, not after its first paint.
export const handle = { hydrateAtOnce: true, signedIn: true } satisfies HydrationHandle & SignedInHandle;

export const meta: Route.MetaFunction = ({ location }) =>
  adminPageMeta(dictionaryFor(langFromPath(location.pathname)).admin.audience, location.pathname);

/**
 * The last 7, 30 or 365 days (`?days=`, 30 otherwise), whether the site is
 * counting (ANALYTICS), and the newsletter's numbers when it is on.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = servicesOf(context);
  const { db } = app;
  const range = audienceRange(new URL(request.url).searchParams.get("days"));
  const newsletterOn = newsletterEnabled(app);
  const fediverseOn = fediverseEnabled(app);
  const [report, unread, counts, sends, followers] = await Promise.all([
    audienceReport(db, range),
    countUnread(db),
    newsletterOn ? subscriberCounts(db) : null,
    newsletterOn ? postSendCounts(db) : null,
    fediverseOn ? followerSummary(db) : null,
  ]);
  const origin = siteUrl();
  const view: AudienceView = {
    report,
    counting: app.audience != null,
    newsletter: counts && sends ? { counts, sends } : null,
    fediverse: followers
      ? {
          handles: { pt: handleOf("pt", origin), en: handleOf("en", origin) },
          followers: {
            pt: followers.find((row) => row.lang === "pt")?.count ?? 0,
            en: followers.find((row) => row.lang === "en")?.count ?? 0,
          },
        }
      : null,
  };
  return { unread, view };
}

export default function AdminAudiencePage({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  const texts = t.admin.audience;
  return (
    <>
      <AdminNav unread={loaderData.unread} />
      <PageHeader heading={texts.heading} lead={texts.description} />
      <AudienceAdmin view={loaderData.view} />
    </>
  );
}
