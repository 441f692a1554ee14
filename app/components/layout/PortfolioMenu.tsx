import { useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import { ChevronDown } from "~/components/icons";
import { stripLang, useT } from "~/i18n";
import { portfolioNav } from "~/routing/nav.ts";
import { LocalNavLink } from "../ui/LocalLink.tsx";
import { navLinkClass } from "./nav-styles.ts";

/**
 * The header's 'Portfolio' group: a disclosure button and a list of links.
 * Closes when a link is chosen, on Escape (focus back on the button), on a
 * click outside and when the page changes.
 */
export function PortfolioMenu() {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  const neutral = stripLang(pathname);
  const groupActive = portfolioNav.some((item) => neutral === item.to || neutral.startsWith(`${item.to}/`));

  // biome-ignore lint/correctness/useExhaustiveDependencies: closing on every page change is the point
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    // A click or keyboard focus anywhere outside the group closes it.
    const onOutside = (event: Event) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onOutside);
    document.addEventListener("focusin", onOutside);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onOutside);
      document.removeEventListener("focusin", onOutside);
    };
  }, [open]);

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className={navLinkClass(groupActive)}
      >
        {t.header.portfolio}
        <ChevronDown className={`size-4 transition-transform ${open ? "rotate-180" : ""}`} aria-hidden="true" />
      </button>
      <ul
        id={panelId}
        hidden={!open}
        className="absolute left-0 top-full z-50 mt-2 min-w-52 rounded-xl border border-line bg-bg p-1.5 shadow-lg shadow-black/5"
      >
        {portfolioNav.map((item) => (
          <li key={item.to}>
            <LocalNavLink
              to={item.to}
              onClick={() => setOpen(false)}
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
