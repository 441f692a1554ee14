import { data } from "react-router";
import { AdminNav } from "~/components/admin/AdminNav.tsx";
import { type InboxMessage, MessageList } from "~/components/admin/MessageList.tsx";
import type { SignedInHandle } from "~/components/layout/AuthButtons.tsx";
import { PageHeader } from "~/components/ui/PageHeader.tsx";
import type { HydrationHandle } from "~/first-paint/held-hydration.ts";
import { dictionaryFor, format, langFromPath, useT } from "~/i18n";
import { pageSeo } from "~/lib/seo.ts";
import { requireAuthor } from "~/server/auth/guard.server.ts";
import { messageAdminAction } from "~/server/contact/admin-actions.server.ts";
import { countUnread, listMessages } from "~/server/contact/messages.server.ts";
import { readForm } from "~/server/form.server.ts";
import { servicesOf } from "~/server/request-context.server.ts";
import type { Route } from "./+types/admin-messages";

// Runs before the loader and the action, on document and data requests alike: a visitor never reaches either.
export const middleware: Route.MiddlewareFunction[] = [requireAuthor];

// A screen of controls: hydrated as soon as its scripts arrive, not after its first paint.
export const handle = { hydrateAtOnce: true, signedIn: true } satisfies HydrationHandle & SignedInHandle;

export const meta: Route.MetaFunction = ({ location }) => [
  ...pageSeo("adminMessages", location.pathname),
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = servicesOf(context);
  const [messages, unread] = await Promise.all([listMessages(db), countUnread(db)]);
  return {
    unread,
    messages: messages.map(
      (message): InboxMessage => ({
        id: message.id,
        name: message.name,
        email: message.email,
        message: message.message,
        lang: message.lang,
        createdAt: message.createdAt.toISOString(),
        read: message.readAt !== null,
        // Shown only once retrying has stopped; a pending retry is not the author's concern yet.
        deliveryError: message.deliveredAt === null && message.nextAttemptAt === null ? message.lastError : null,
      }),
    ),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const lang = langFromPath(new URL(request.url).pathname);
  const result = await messageAdminAction(
    servicesOf(context).db,
    await readForm(request),
    dictionaryFor(lang).contact.admin,
  );
  return data(result.body, { status: result.status });
}

export default function AdminMessagesPage({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  const { unread } = loaderData;
  return (
    <>
      <AdminNav unread={unread} />
      <PageHeader
        heading={t.pages.adminMessages.heading}
        lead={format(t.contact.admin.unreadCount, { count: unread })}
      />
      <div className="container-page py-10">
        <MessageList messages={loaderData.messages} />
      </div>
    </>
  );
}
