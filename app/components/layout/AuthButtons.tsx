import { LogIn } from "lucide-react";
import { useT } from "~/i18n";

/**
 * Login for authors. A plain form post, so it works before hydration and is
 * never followed by crawlers or link prefetching.
 */
export function AuthButtons() {
  const { lang, t } = useT();
  return (
    <form method="post" action="/auth/github">
      <input type="hidden" name="lang" value={lang} />
      <button
        type="submit"
        className="inline-flex h-10 items-center gap-2 rounded-full border border-line px-4 text-sm font-medium text-fg transition hover:border-accent hover:text-accent"
      >
        <LogIn className="size-4" aria-hidden="true" />
        {t.header.login}
      </button>
    </form>
  );
}
