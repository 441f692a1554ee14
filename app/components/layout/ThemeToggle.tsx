import { useEffect, useState } from "react";
import { Moon, Sun } from "~/components/icons";
import { useT } from "~/i18n";
import { themeColors } from "~/lib/head-script.ts";

export type Theme = "light" | "dark";

/** Applies a theme to the document the same way the head script does, and remembers it. */
export function applyTheme(theme: Theme) {
  const root = document.documentElement;
  root.classList.toggle("dark", theme === "dark");
  root.style.colorScheme = theme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute("content", themeColors[theme]);
  try {
    localStorage.setItem("theme", theme);
  } catch {
    // Storage can be unavailable (private mode, disabled); the choice then lasts for this page only.
  }
}

export function ThemeToggle() {
  const { t } = useT();
  // The server cannot know the stored theme; the head script has already applied it,
  // so the real value is read from the document once hydrated.
  const [theme, setTheme] = useState<Theme>("light");
  useEffect(() => {
    setTheme(document.documentElement.classList.contains("dark") ? "dark" : "light");
  }, []);

  const next: Theme = theme === "dark" ? "light" : "dark";
  return (
    <button
      type="button"
      onClick={() => {
        applyTheme(next);
        setTheme(next);
      }}
      className="inline-flex size-10 items-center justify-center rounded-full text-fg-muted transition hover:bg-surface-2 hover:text-fg"
      aria-label={next === "dark" ? t.header.themeToDark : t.header.themeToLight}
      data-testid="theme-toggle"
    >
      {/* Both icons are rendered; CSS picks one, so the right icon shows before hydration. */}
      <Moon className="size-5 dark:hidden" aria-hidden="true" />
      <Sun className="hidden size-5 dark:block" aria-hidden="true" />
    </button>
  );
}
