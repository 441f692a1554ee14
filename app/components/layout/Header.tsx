import { useId } from "react";
import { Menu, X } from "~/components/icons";
import { useT } from "~/i18n";
import { mainNav, portfolioNav } from "~/routing/nav.ts";
import { LocalLink, LocalNavLink } from "../ui/LocalLink.tsx";
import { AuthButtons } from "./AuthButtons.tsx";
import { LanguageToggle } from "./LanguageToggle.tsx";
import { navLinkClass } from "./nav-styles.ts";
import { PortfolioMenu } from "./PortfolioMenu.tsx";
import { ThemeToggle } from "./ThemeToggle.tsx";

/** The initials drawn as the logo. */
const LOGO_MARK = "RW";

export function Header() {
  const { t } = useT();
  const menuId = useId();

  const [home, ...rest] = mainNav;
  return (
    <header className="sticky top-0 z-40 border-b border-line/70 bg-bg/95 lg:bg-bg/85 lg:backdrop-blur lg:supports-[backdrop-filter]:bg-bg/70">
      <div className="container-page flex h-16 items-center justify-between gap-4">
        {/*
          The name says what the link shows, mark included, so it can be spoken as seen (WCAG 2.5.3); the
          space between mark and name is in the text too, so the shown text reads "RW Rafael Werneck".
        */}
        <LocalLink
          to="/"
          aria-label={`${LOGO_MARK} ${t.header.logoLabel}`}
          className="flex items-center gap-2.5 rounded-lg"
        >
          <span
            aria-hidden="true"
            className="brand-gradient grid size-9 place-items-center rounded-xl text-sm font-bold tracking-tight text-accent-fg"
          >
            {LOGO_MARK}
          </span>{" "}
          {/* The name leaves room for the main bar's links where they first fit beside it (1024 to 1279 px). */}
          <span className="hidden whitespace-nowrap font-semibold tracking-tight sm:inline lg:hidden xl:inline">
            Rafael Werneck
          </span>
        </LocalLink>

        <nav aria-label={t.header.mainNav} className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {home && <MainLink to={home.to} label={t.header[home.label]} />}
            {rest.slice(0, 2).map((item) => (
              <MainLink key={item.to} to={item.to} label={t.header[item.label]} />
            ))}
            <li>
              <PortfolioMenu />
            </li>
            {rest.slice(2).map((item) => (
              <MainLink key={item.to} to={item.to} label={t.header[item.label]} />
            ))}
          </ul>
        </nav>

        <div className="flex items-center gap-1">
          <ThemeToggle />
          <LanguageToggle />
          <div className="hidden sm:flex">
            <AuthButtons />
          </div>
          {/*
            The page script opens and closes it (app/first-paint/page-script/disclosure.ts), and lays the menu out
            while the page is idle so that its first opening only paints it; CSS on aria-expanded picks icon and name.
          */}
          <button
            type="button"
            className="group inline-flex size-10 items-center justify-center rounded-full text-fg hover:bg-surface-2 lg:hidden"
            aria-expanded="false"
            aria-controls={menuId}
            data-disclosure=""
            data-testid="mobile-menu-button"
          >
            <span className="sr-only group-aria-expanded:hidden">{t.header.openMenu}</span>
            <span className="sr-only hidden group-aria-expanded:inline">{t.header.closeMenu}</span>
            <Menu className="size-5 group-aria-expanded:hidden" aria-hidden="true" />
            <X className="hidden size-5 group-aria-expanded:block" aria-hidden="true" />
          </button>
        </div>
      </div>

      {/* Open, the menu lies over the page under the header: the page does not move, nor is it laid out again. */}
      <nav
        id={menuId}
        aria-label={t.header.mainNav}
        hidden
        data-lay-out-early=""
        className="absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-y border-line bg-bg lg:hidden"
        data-testid="mobile-menu"
      >
        <div className="container-page py-4">
          <ul className="grid gap-1">
            {mainNav.map((item) => (
              <MobileLink key={item.to} to={item.to} label={t.header[item.label]} />
            ))}
          </ul>
          <p className="mt-4 px-3 text-xs font-semibold uppercase tracking-wider text-fg-muted">{t.header.portfolio}</p>
          <ul className="mt-1 grid gap-1">
            {portfolioNav.map((item) => (
              <MobileLink key={item.to} to={item.to} label={t.header[item.label]} />
            ))}
          </ul>
          <div className="mt-4 border-t border-line pt-4 sm:hidden">
            <AuthButtons />
          </div>
        </div>
      </nav>
    </header>
  );
}

function MainLink({ to, label }: { to: string; label: string }) {
  return (
    <li>
      <LocalNavLink to={to} className={({ isActive }) => navLinkClass(isActive)}>
        {label}
      </LocalNavLink>
    </li>
  );
}

function MobileLink({ to, label }: { to: string; label: string }) {
  return (
    <li>
      <LocalNavLink
        to={to}
        className={({ isActive }) =>
          `block rounded-lg px-3 py-2.5 text-base ${
            isActive ? "bg-accent-soft font-medium text-accent-soft-fg" : "text-fg hover:bg-surface-2"
          }`
        }
      >
        {label}
      </LocalNavLink>
    </li>
  );
}
