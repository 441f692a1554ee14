import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { nextTabIndex } from "~/lib/tabs.ts";

export interface TabItem<Id extends string> {
  id: Id;
  label: string;
  panel: ReactNode;
}

/**
 * Tabs after the WAI-ARIA pattern: arrows, Home and End move between them,
 * and the chosen tab is kept in the URL hash (`/about#experience`) so it can
 * be linked. The hash is read after hydration: the prerendered HTML always
 * shows the first tab.
 */
export function Tabs<Id extends string>({ items, label }: { items: readonly TabItem<Id>[]; label: string }) {
  const baseId = useId();
  const [active, setActive] = useState(0);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const { hash } = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    const index = items.findIndex((item) => `#${item.id}` === hash);
    if (index >= 0) setActive(index);
  }, [hash, items]);

  const choose = (index: number, focus: boolean) => {
    const item = items[index];
    if (!item) return;
    setActive(index);
    if (focus) tabRefs.current[index]?.focus();
    navigate({ hash: index === 0 ? "" : item.id }, { replace: true, preventScrollReset: true });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = nextTabIndex(active, event.key, items.length);
    if (next === undefined) return;
    event.preventDefault();
    choose(next, true);
  };

  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className="flex gap-1 overflow-x-auto rounded-full border border-line bg-surface p-1"
      >
        {items.map((item, index) => {
          const selected = index === active;
          return (
            <button
              key={item.id}
              ref={(element) => {
                tabRefs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${item.id}`}
              aria-selected={selected}
              aria-controls={`${baseId}-panel-${item.id}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => choose(index, false)}
              className={`flex-1 whitespace-nowrap rounded-full px-4 py-2 text-sm font-semibold transition ${
                selected ? "bg-bg text-fg shadow-sm" : "text-fg-muted hover:text-fg"
              }`}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map((item, index) => (
        <div
          key={item.id}
          role="tabpanel"
          id={`${baseId}-panel-${item.id}`}
          aria-labelledby={`${baseId}-tab-${item.id}`}
          hidden={index !== active}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: WAI-ARIA tabs make a panel without focusable content reachable by Tab
          tabIndex={0}
          className="mt-6 rounded-card outline-offset-4"
        >
          {item.panel}
        </div>
      ))}
    </div>
  );
}
