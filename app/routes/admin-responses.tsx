import { data } from "react-router";
import { AdminNav } from "~/components/admin/AdminNav.tsx";
import { ResponsesAdmin, type ResponsesView } from "~/components/admin/Responses.tsx";
import type { SignedInHandle } from "~/components/layout/AuthButtons.tsx";
import { PageHeader } from "~/components/ui/PageHeader.tsx";
import type { HydrationHandle } from "~/first-paint/held-hydration.ts";
import { dictionaryFor, langFromPath, useT } from "~/i18n";
import { adminPageMeta } from "~/lib/seo.ts";
import { requireAuthor } from "~/server/auth/guard.server.ts";
import { countUnread } from "~/server/contact/messages.server.ts";
import { postDeliveryCounts } from "~/server/fediverse/deliveries.server.ts";
import { handleOf } from "~/server/fediverse/handles.server.ts";
import { followerSummary } from "~/server/fediverse/owner.server.ts";
import { readForm } from "~/server/form.server.ts";
import { servicesOf } from "~/server/request-context.server.ts";
import { responseAdminAction } from "~/server/responses/admin.server.ts";
import { avatarUrl } from "~/server/responses/avatars.server.ts";
import { listBlocks, listResponses } from "~/server/responses/responses.server.ts";
import { fediverseEnabled } from "~/server/services.server.ts";
import { siteUrl } from "~/site.config.ts";
import type { Route } from "./+types/admin-responses";

// Runs before the loader and the action, on document and data requests alike: a visitor never reaches either.
export const middleware: Route.MiddlewareFunction[] = [requireAuthor];

// A screen of controls: hydrated as soon as its scripts arrive, not after its first paint.
export const handle = { hydrateAtOnce: true, signedIn: true } satisfies HydrationHandle & SignedInHandle;

export const meta: Route.MetaFunction = ({ location }) =>
  adminPageMeta(dictionaryFor(langFromPath(location.pathname)).admin.responses, location.pathname);

export async function loader({ context }: Route.LoaderArgs) {
  const app = servicesOf(context);
  const { db } = app;
  const [responses, followers, deliveries, blocks, unread] = await Promise.all([
    listResponses(db),
    followerSummary(db),
    postDeliveryCounts(db),
    listBlocks(db),
    countUnread(db),
  ]);
  const origin = siteUrl();
  const view: ResponsesView = {
    enabled: fediverseEnabled(app),
    handles: { pt: handleOf("pt", origin), en: handleOf("en", origin) },
    responses: responses.map((row) => ({
      id: row.id,
      kind: row.kind,
      status: row.status,
      post: { title: row.postTitle, slug: row.postSlug, lang: row.postLang },
      name: row.authorName ?? row.authorHandle ?? new URL(row.sourceUrl).host,
      handle: row.authorHandle,
      url: row.authorUrl ?? row.sourceUrl,
      avatar: avatarUrl(row.avatarKey),
      instance: row.instance,
      canBlockAccount: row.authorActor !== null && !row.local,
      html: row.contentHtml ?? "",
      title: row.title,
      local: row.local,
      createdAt: row.createdAt.toISOString(),
    })),
    followers,
    deliveries: deliveries.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    blocks: blocks.map((row) => ({ kind: row.kind, value: row.value })),
  };
  return { unread, view };
}

export async function action({ request, context }: Route.ActionArgs) {
  const lang = langFromPath(new URL(request.url).pathname);
  const { db, fediverse } = servicesOf(context);
  const result = await responseAdminAction(db, await readForm(request), dictionaryFor(lang).admin.responses, {
    answers: fediverse?.answers,
    wake: () => fediverse?.wake(),
  });
  return data(result.body, { status: result.status });
}

export default function AdminResponsesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT();
  const texts = t.admin.responses;
  return (
    <>
      <AdminNav unread={loaderData.unread} />
      <PageHeader heading={texts.heading} lead={texts.description} />
      <ResponsesAdmin view={loaderData.view} result={actionData} />
    </>
  );
}
