import type { ReactNode } from "react";
import { eyebrow as eyebrowClass } from "./styles.ts";

interface SectionProps {
  id?: string;
  eyebrow?: string;
  title: string;
  lead?: string;
  children: ReactNode;
  className?: string;
}

/**
 * A titled band of a page; its `h2` names it for assistive technology. The
 * browser lays it out when it nears the screen (`render-when-near`,
 * decision 031): a long page's first layout is of its first screen.
 */
export function Section({ id, eyebrow, title, lead, children, className = "" }: SectionProps) {
  const headingId = `${id ?? title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-title`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={`render-when-near container-page scroll-mt-24 py-14 sm:py-20 ${className}`}
    >
      <div className="max-w-2xl">
        {eyebrow && <p className={eyebrowClass}>{eyebrow}</p>}
        <h2 id={headingId} className="mt-2 text-balance text-2xl font-bold tracking-tight sm:text-3xl">
          {title}
        </h2>
        {lead && <p className="mt-3 text-pretty text-fg-muted">{lead}</p>}
      </div>
      <div className="mt-8 sm:mt-10">{children}</div>
    </section>
  );
}
