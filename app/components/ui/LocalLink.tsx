import { Link, type LinkProps, NavLink, type NavLinkProps } from "react-router";
import { localizePath, useLang } from "~/i18n";

/** A link to a page of this site, kept in the current page's language. */
export function LocalLink({ to, ...props }: Omit<LinkProps, "to"> & { to: string }) {
  return <Link to={localizePath(to, useLang())} {...props} />;
}

/** A navigation link in the current language, marked `aria-current="page"` when active. */
export function LocalNavLink({ to, ...props }: Omit<NavLinkProps, "to"> & { to: string }) {
  return <NavLink to={localizePath(to, useLang())} end={to === "/"} {...props} />;
}
