/**
 * The theme's colour tokens (CSS custom properties of app/styles/app.css)
 * that content may tint things with. Each has a class per use in
 * app/components/portfolio/theme-color-classes.ts: pages carry no `style`
 * attribute, which the Content-Security-Policy would refuse.
 */
export const THEME_COLORS = ["--accent", "--accent-2", "--success", "--info", "--danger"] as const;

export type ThemeColor = (typeof THEME_COLORS)[number];
