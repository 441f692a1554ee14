import type { Dictionary } from "~/i18n";

type HeaderKey = keyof Dictionary["header"];

export interface NavItem {
  /** Language-neutral path. */
  to: string;
  label: HeaderKey;
}

/** The header's main bar, in order. */
export const mainNav: readonly NavItem[] = [
  { to: "/", label: "home" },
  { to: "/about", label: "about" },
  { to: "/career", label: "career" },
  { to: "/services", label: "services" },
  { to: "/discord", label: "discord" },
  { to: "/blog", label: "blog" },
  { to: "/contact", label: "contact" },
];

/** The 'Portfolio' dropdown. */
export const portfolioNav: readonly NavItem[] = [
  { to: "/projects", label: "projects" },
  { to: "/companies", label: "companies" },
  { to: "/certificates", label: "certificates" },
  { to: "/recommendations", label: "recommendations" },
  { to: "/course", label: "course" },
];

/** The footer's navigation column. */
export const footerNav: readonly NavItem[] = [
  { to: "/", label: "home" },
  { to: "/about", label: "about" },
  { to: "/projects", label: "projects" },
  { to: "/companies", label: "companies" },
  { to: "/services", label: "services" },
  { to: "/blog", label: "blog" },
];
