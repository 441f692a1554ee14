import { ChevronDown } from "~/components/icons";
import { faq } from "~/content/home.ts";
import { tr } from "~/content/localized.ts";
import { useT } from "~/i18n";
import { Section } from "./Section.tsx";

/** The `name` that groups the answers: the browser keeps at most one of a group open. */
const FAQ_GROUP = "faq";

/**
 * The FAQ accordion, built on the browser's own disclosure: `<details>`
 * elements sharing a `name` keep at most one answer open, and choosing the
 * open question again closes it. It needs no JavaScript, so it works from the
 * first paint (before the page hydrates) and is adopted as it is (see
 * `static-sections.ts`). Closed answers stay in the HTML for search engines.
 */
export function Faq() {
  const { lang, t } = useT();
  const texts = t.home.faq;
  return (
    <Section id="faq" eyebrow={texts.eyebrow} heading={texts.heading} lead={texts.lead}>
      <div className="mx-auto max-w-3xl divide-y divide-line overflow-hidden rounded-card border border-line">
        {faq.map((entry) => {
          const question = tr(entry.question, lang);
          return (
            <details key={question} name={FAQ_GROUP} className="group open:bg-surface">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-5 font-semibold transition hover:bg-surface-2 sm:px-6 [&::-webkit-details-marker]:hidden">
                <h3>{question}</h3>
                <ChevronDown className="size-5 shrink-0 text-fg-muted transition-transform duration-200 group-open:rotate-180 group-open:text-accent" />
              </summary>
              <p className="px-5 pb-5 leading-relaxed text-fg-muted sm:px-6">{tr(entry.answer, lang)}</p>
            </details>
          );
        })}
      </div>
    </Section>
  );
}
