/**
 * The theme's colour tokens (CSS custom properties of app/styles/app.css)
 * that content may tint things with. The components that paint with them
 * (ServiceIcon, PartnershipCard) map each to a class: pages carry no `style`
 * attribute, which the Content-Security-Policy would refuse.
 */
export const THEME_COLORS = ["--accent", "--accent-2", "--success", "--info", "--danger"] as const;

export type ThemeColor = (typeof THEME_COLORS)[number];
