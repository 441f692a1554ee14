import { useId } from "react";
import { useLocation } from "react-router";
import { ChevronDown } from "~/components/icons";
import { stripLang, useT } from "~/i18n";
import { portfolioNav } from "~/routing/nav.ts";
import { LocalNavLink } from "../ui/LocalLink.tsx";
import { navLinkClass } from "./nav-styles.ts";

/**
 * The header's 'Portfolio' group: a disclosure button and a list of links.
 * The page script opens and closes it (`app/first-paint/page-script/disclosure.ts`): closed
 * when a link is chosen, on Escape (focus back on the button), on a press or
 * focus outside and when the history moves.
 */
export function PortfolioMenu() {
  const { t } = useT();
  const panelId = useId();
  const { pathname } = useLocation();
  const neutral = stripLang(pathname);
  const groupActive = portfolioNav.some((item) => neutral === item.to || neutral.startsWith(`${item.to}/`));

  return (
    <div className="relative">
      <button
        type="button"
        aria-expanded="false"
        aria-controls={panelId}
        data-disclosure=""
        className={`group ${navLinkClass(groupActive)}`}
      >
        {t.header.portfolio}
        <ChevronDown className="size-4 transition-transform group-aria-expanded:rotate-180" aria-hidden="true" />
      </button>
      <ul
        id={panelId}
        hidden
        className="absolute left-0 top-full z-50 mt-2 min-w-52 rounded-xl border border-line bg-bg p-1.5 shadow-lg shadow-black/5"
      >
        {portfolioNav.map((item) => (
          <li key={item.to}>
            <LocalNavLink
              to={item.to}
              className={({ isActive }) =>
                `block rounded-lg px-3 py-2 text-sm transition ${
                  isActive ? "bg-accent-soft font-medium text-accent-soft-fg" : "text-fg hover:bg-surface-2"
                }`
              }
            >
              {t.header[item.label]}
            </LocalNavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
