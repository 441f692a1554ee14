import { BarChart3, FileText, Inbox, MessageCircle, Users } from "~/components/icons";
import { navLinkClass } from "~/components/layout/nav-styles.ts";
import { LocalNavLink } from "~/components/ui/LocalLink.tsx";
import { format, useT } from "~/i18n";

/**
 * The admin's own navigation, on every admin page: the blog, the contact
 * messages, with how many are still unread, the newsletter's subscribers and
 * the audience.
 * @example <AdminNav unread={3} />
 */
export function AdminNav({ unread }: { unread: number }) {
  const { t } = useT();
  const texts = t.contact.admin;
  return (
    <nav aria-label={texts.nav} className="border-b border-line bg-bg" data-testid="admin-nav">
      <ul className="container-page flex flex-wrap gap-2 py-3">
        <li>
          <LocalNavLink to="/admin/blog" className={({ isActive }) => navLinkClass(isActive)}>
            <FileText className="size-4" aria-hidden="true" />
            {texts.blog}
          </LocalNavLink>
        </li>
        <li>
          <LocalNavLink to="/admin/messages" className={({ isActive }) => navLinkClass(isActive)}>
            <Inbox className="size-4" aria-hidden="true" />
            {texts.messages}
            {unread > 0 && (
              <span className="ml-1 rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-accent-fg">
                {unread}
                <span className="sr-only"> ({format(texts.unreadCount, { count: unread })})</span>
              </span>
            )}
          </LocalNavLink>
        </li>
        <li>
          <LocalNavLink to="/admin/subscribers" className={({ isActive }) => navLinkClass(isActive)}>
            <Users className="size-4" aria-hidden="true" />
            {t.admin.subscribers.nav}
          </LocalNavLink>
        </li>
        <li>
          <LocalNavLink to="/admin/responses" className={({ isActive }) => navLinkClass(isActive)}>
            <MessageCircle className="size-4" aria-hidden="true" />
            {t.admin.responses.nav}
          </LocalNavLink>
        </li>
        <li>
          <LocalNavLink to="/admin/audience" className={({ isActive }) => navLinkClass(isActive)}>
            <BarChart3 className="size-4" aria-hidden="true" />
            {t.admin.audience.nav}
          </LocalNavLink>
        </li>
      </ul>
    </nav>
  );
}
