import { LayoutDashboard, LogIn, LogOut } from "~/components/icons";
import { useT } from "~/i18n";
import { LocalLink } from "../ui/LocalLink.tsx";

const buttonClass =
  "inline-flex h-10 items-center gap-2 rounded-full border border-line px-3 text-sm font-medium text-fg transition hover:border-accent hover:text-accent";

/**
 * What a route's `handle` says when its page is only ever rendered for a
 * signed-in author (the admin's screens, behind `requireAuthor`): the server
 * writes `<html data-auth="in">` itself, so the header shows Admin and Sair
 * without scripts too.
 */
export interface SignedInHandle {
  signedIn?: boolean;
}

/** Whether the page the server renders is one of a signed-in author's screens (`SignedInHandle`). */
export const rendersSignedIn = (matches: readonly { handle: unknown }[]) =>
  matches.some((match) => (match.handle as SignedInHandle | undefined)?.signedIn === true);

/**
 * Login for visitors; Admin and Sair for a signed-in author. Both are in the
 * markup, and `<html data-auth="in">` (set before first paint from the
 * "signed in" hint, then confirmed by the server, or written by the server on
 * an author's screen: `SignedInHandle`) decides which shows: static
 * pages cannot know who is reading them. Login and Sair are plain form posts,
 * so they work before hydration and are never followed by crawlers or
 * link prefetching.
 */
export function AuthButtons() {
  const { lang, t } = useT();
  return (
    <>
      <form method="post" action="/auth/github" className="in-data-[auth=in]:hidden">
        <input type="hidden" name="lang" value={lang} />
        <button type="submit" className={buttonClass}>
          <LogIn className="size-4" aria-hidden="true" />
          {t.header.login}
        </button>
      </form>
      <div className="hidden items-center gap-2 in-data-[auth=in]:flex">
        <LocalLink to="/admin/blog" className={buttonClass}>
          <LayoutDashboard className="size-4" aria-hidden="true" />
          {t.header.admin}
        </LocalLink>
        <form method="post" action="/auth/logout">
          <input type="hidden" name="lang" value={lang} />
          <button type="submit" className={buttonClass}>
            <LogOut className="size-4" aria-hidden="true" />
            {t.header.logout}
          </button>
        </form>
      </div>
    </>
  );
}
