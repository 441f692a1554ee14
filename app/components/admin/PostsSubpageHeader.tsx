import { ArrowLeft } from "~/components/icons";
import { LocalLink } from "~/components/ui/LocalLink.tsx";
import { PageHeader } from "~/components/ui/PageHeader.tsx";
import { useT } from "~/i18n";
import { AdminNav } from "./AdminNav.tsx";

/**
 * The top of a page that belongs to the posts' list (the trash, the tags):
 * the admin's navigation, the page's title and lead, and the way back.
 * @example <PostsSubpageHeader unread={2} heading="Lixeira" lead="…" />
 */
export function PostsSubpageHeader({ unread, heading, lead }: { unread: number; heading: string; lead: string }) {
  const { t } = useT();
  return (
    <>
      <AdminNav unread={unread} />
      <PageHeader heading={heading} lead={lead}>
        <LocalLink
          to="/admin/blog"
          className="mt-6 inline-flex items-center gap-2 text-sm font-medium text-accent hover:underline"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t.admin.manage.trash.back}
        </LocalLink>
      </PageHeader>
    </>
  );
}
