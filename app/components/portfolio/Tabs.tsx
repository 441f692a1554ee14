import { type ReactNode, useEffect, useId, useRef } from "react";
import { chooseTabFromHash } from "~/first-paint/page-script/tabs.ts";

export interface TabItem<Id extends string> {
  id: Id;
  label: string;
  panel: ReactNode;
}

/**
 * Tabs after the WAI-ARIA pattern, worked by the page script
 * (`app/first-paint/page-script/tabs.ts`): arrows, Home and End move between them, and the
 * chosen tab is kept in the URL hash (`/about#experience`) so it can be
 * linked. The served HTML shows the first tab; the page script chooses the
 * hash's when the page opens, and this component does it when React renders
 * the tabs after a client-side navigation.
 */
export function Tabs<Id extends string>({ items, label }: { items: readonly TabItem<Id>[]; label: string }) {
  const baseId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (root.current) chooseTabFromHash(root.current);
  }, []);

  return (
    <div ref={root} data-tabs="">
      <div
        role="tablist"
        aria-label={label}
        className="flex gap-1 overflow-x-auto rounded-full border border-line bg-surface p-1"
      >
        {items.map((item, index) => (
          <button
            key={item.id}
            type="button"
            role="tab"
            id={`${baseId}-tab-${item.id}`}
            data-tab-id={item.id}
            aria-selected={index === 0}
            aria-controls={`${baseId}-panel-${item.id}`}
            tabIndex={index === 0 ? 0 : -1}
            className="flex-1 whitespace-nowrap rounded-full px-4 py-2 text-sm font-semibold text-fg-muted transition hover:text-fg aria-selected:bg-bg aria-selected:text-fg aria-selected:shadow-sm"
          >
            {item.label}
          </button>
        ))}
      </div>
      {items.map((item, index) => (
        <div
          key={item.id}
          role="tabpanel"
          id={`${baseId}-panel-${item.id}`}
          aria-labelledby={`${baseId}-tab-${item.id}`}
          hidden={index !== 0}
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
