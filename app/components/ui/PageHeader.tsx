import type { ReactNode } from "react";

/** The opening of every inner page: its one `h1` and a lead paragraph. */
export function PageHeader({ heading, lead, children }: { heading: string; lead?: string; children?: ReactNode }) {
  return (
    <section className="relative overflow-hidden border-b border-line bg-surface">
      <div aria-hidden="true" className="brand-glow pointer-events-none absolute inset-x-0 -top-24 h-48 opacity-15" />
      <div className="container-page relative py-14 sm:py-20">
        <h1 className="text-balance text-3xl font-bold tracking-tight sm:text-5xl">{heading}</h1>
        {lead && <p className="mt-4 max-w-2xl text-pretty text-lg leading-relaxed text-fg-muted">{lead}</p>}
        {children}
      </div>
    </section>
  );
}
