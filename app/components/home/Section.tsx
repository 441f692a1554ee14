import type { ReactNode } from "react";

interface SectionProps {
  /** Anchor and the id of the heading that labels the section. */
  id: string;
  eyebrow: string;
  heading: string;
  lead?: string;
  /** Sections alternate backgrounds so long pages keep a rhythm. */
  tinted?: boolean;
  children: ReactNode;
}

/** One home section: a labelled region with a small eyebrow, its heading and lead. */
export function Section({ id, eyebrow, heading, lead, tinted = false, children }: SectionProps) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      data-testid={`home-${id}`}
      className={`render-when-near scroll-mt-20 py-16 sm:py-24 ${tinted ? "border-y border-line bg-surface" : ""}`}
    >
      <div className="container-page">
        <div className="max-w-2xl">
          <p className="text-sm font-semibold uppercase tracking-widest text-accent">{eyebrow}</p>
          <h2 id={`${id}-title`} className="mt-2 text-balance text-3xl font-bold tracking-tight sm:text-4xl">
            {heading}
          </h2>
          {lead && <p className="mt-4 text-pretty text-lg leading-relaxed text-fg-muted">{lead}</p>}
        </div>
        <div className="mt-10 sm:mt-12">{children}</div>
      </div>
    </section>
  );
}
