import type { ReactNode } from "react";

/** The closing call to action of a page: a tinted panel with a heading, a line and buttons. */
export function CtaPanel({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  return (
    <section aria-labelledby="cta-title" className="container-page py-14 sm:py-20">
      <div className="relative overflow-hidden rounded-[1.5rem] border border-line bg-surface px-6 py-12 text-center sm:px-12 sm:py-16">
        <div
          aria-hidden="true"
          className="brand-glow pointer-events-none absolute -top-32 left-1/2 h-64 w-[36rem] -translate-x-1/2 opacity-25"
        />
        <h2 id="cta-title" className="relative text-balance text-2xl font-bold tracking-tight sm:text-3xl">
          {title}
        </h2>
        <p className="relative mx-auto mt-3 max-w-xl text-pretty text-fg-muted">{text}</p>
        <div className="relative mt-8 flex flex-wrap items-center justify-center gap-3">{children}</div>
      </div>
    </section>
  );
}
