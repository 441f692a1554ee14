/**
 * The visitor's two remembered choices, theme and language, written the way
 * the head script (`app/first-paint/head-script.ts`) reads them before the first paint.
 * Shared by the page script (`app/first-paint/page-script/`) and the React components.
 */
export type Theme = "light" | "dark";

/** `theme-color` per theme, also written by the head script when the theme is applied. */
export const themeColors = { light: "#ffffff", dark: "#09090b" } as const;

/** The document's class while the theme changes: no transition runs (app/styles/app.css). */
export const THEME_SWITCHING = "theme-switching";

/** The theme the document shows now (the head script applied the stored one). */
export function currentTheme(): Theme {
  return document.documentElement.classList.contains("dark") ? "dark" : "light";
}

/** Applies a theme to the document the same way the head script does, and remembers it. */
export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  // Every color of the page changes at once: no element's color transition
  // runs for it (a hundred of them on the home page, each an animation to
  // start and step, doubled the flip's cost on a phone; decision 051). The
  // class goes in the frame after the one that styled the new theme: a task
  // queued from the first frame's callback could run before that frame's
  // style on a busy machine, and the colors then transitioned after all.
  root.classList.add(THEME_SWITCHING);
  requestAnimationFrame(() => {
    requestAnimationFrame(() => root.classList.remove(THEME_SWITCHING));
  });
  root.classList.toggle("dark", theme === "dark");
  root.style.colorScheme = theme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute("content", themeColors[theme]);
  try {
    localStorage.setItem("theme", theme);
  } catch {
    // Storage can be unavailable (private mode, disabled); the choice then lasts for this page only.
  }
}

/** Remembers the language choice for the head script's redirect on later visits. */
export function rememberLanguage(lang: string): void {
  try {
    localStorage.setItem("language", lang);
  } catch {
    // Without storage the link still switches the page; only the memory is lost.
  }
}
