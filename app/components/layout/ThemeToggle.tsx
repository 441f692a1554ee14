import { Moon, Sun } from "~/components/icons";
import { useT } from "~/i18n";

/**
 * Switches light and dark (the page script does it, `app/first-paint/page-script/theme.ts`).
 * The server cannot know the stored theme, so both icons and both names are
 * in the markup and CSS on the document's `dark` class (set by the head
 * script before the first paint) shows the right ones.
 */
export function ThemeToggle() {
  const { t } = useT();
  return (
    <button
      type="button"
      data-theme-toggle=""
      className="inline-flex size-10 items-center justify-center rounded-full text-fg-muted transition hover:bg-surface-2 hover:text-fg"
      data-testid="theme-toggle"
    >
      <span className="sr-only dark:hidden">{t.header.themeToDark}</span>
      <span className="sr-only hidden dark:inline">{t.header.themeToLight}</span>
      <Moon className="size-5 dark:hidden" aria-hidden="true" />
      <Sun className="hidden size-5 dark:block" aria-hidden="true" />
    </button>
  );
}
