import { useId, useState } from "react";
import { ChevronDown } from "~/components/icons";
import { useT } from "~/i18n";
import type { FaqEntry } from "~/lib/home-showcase.ts";
import { Section } from "./Section.tsx";

/**
 * The FAQ accordion: at most one answer open; choosing the open question
 * again closes it. Closed answers stay in the HTML (hidden) for search engines.
 */
export function Faq({ entries }: { entries: readonly FaqEntry[] }) {
  const { t } = useT();
  const texts = t.home.faq;
  const [open, setOpen] = useState<number | null>(null);
  const baseId = useId();
  return (
    <Section id="faq" eyebrow={texts.eyebrow} heading={texts.heading} lead={texts.lead}>
      <div className="mx-auto max-w-3xl divide-y divide-line overflow-hidden rounded-card border border-line">
        {entries.map((entry, index) => {
          const isOpen = open === index;
          const buttonId = `${baseId}-q${index}`;
          const panelId = `${baseId}-a${index}`;
          return (
            <div key={entry.question} className={isOpen ? "bg-surface" : ""}>
              <h3>
                <button
                  type="button"
                  id={buttonId}
                  aria-expanded={isOpen}
                  aria-controls={panelId}
                  onClick={() => setOpen(isOpen ? null : index)}
                  className="flex w-full items-center justify-between gap-4 px-5 py-5 text-left font-semibold transition hover:bg-surface-2 sm:px-6"
                >
                  {entry.question}
                  <ChevronDown
                    aria-hidden="true"
                    className={`size-5 shrink-0 text-fg-muted transition-transform duration-200 ${isOpen ? "rotate-180 text-accent" : ""}`}
                  />
                </button>
              </h3>
              <section
                id={panelId}
                aria-labelledby={buttonId}
                hidden={!isOpen}
                className="px-5 pb-5 leading-relaxed text-fg-muted sm:px-6"
              >
                {entry.answer}
              </section>
            </div>
          );
        })}
      </div>
    </Section>
  );
}
