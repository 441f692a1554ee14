import { ArrowRight, Quote } from "~/components/icons";
import { LocalLink } from "~/components/ui/LocalLink.tsx";
import { homeTestimonials } from "~/content/home.ts";
import { tr } from "~/content/localized.ts";
import { format, useT } from "~/i18n";
import { secondaryButton } from "./buttons.ts";
import { Section } from "./Section.tsx";

export function Testimonials() {
  const { lang, t } = useT();
  const texts = t.home.testimonials;
  return (
    <Section id="testimonials" eyebrow={texts.eyebrow} heading={texts.heading} lead={texts.lead} tinted>
      <ul className="grid gap-6 md:grid-cols-3">
        {homeTestimonials.map((testimonial) => (
          <li key={testimonial.name}>
            <figure className="flex h-full flex-col rounded-card border border-line bg-bg p-6 shadow-sm">
              <Quote className="size-8 text-accent/40" aria-hidden="true" />
              <blockquote className="mt-4 flex-1 text-pretty leading-relaxed">
                “{tr(testimonial.text, lang)}”
              </blockquote>
              {/* The caption closes the figure (HTML allows it first or last), the supervisor's note with it. */}
              <figcaption className="mt-6 border-t border-line pt-5">
                <span className="flex items-center gap-3">
                  <span
                    aria-hidden="true"
                    data-testid="initials"
                    className="brand-gradient grid size-12 shrink-0 place-items-center rounded-full font-semibold text-accent-fg"
                  >
                    {testimonial.initials}
                  </span>
                  <span className="min-w-0 text-sm">
                    <span className="block font-semibold">{testimonial.name}</span>
                    <span className="block text-fg-muted">
                      {tr(testimonial.role, lang)} · {testimonial.company}
                    </span>
                    <span className="block text-fg-muted">{tr(testimonial.date, lang)}</span>
                  </span>
                </span>
                <p className="mt-4 rounded-lg bg-accent-soft px-3 py-2 text-xs font-medium text-accent-soft-fg">
                  {format(texts.supervisedBy, { name: testimonial.supervisor })}
                </p>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      <div className="mt-10 flex justify-center">
        <LocalLink to="/career" className={secondaryButton}>
          {texts.more}
          <ArrowRight className="size-5" aria-hidden="true" />
        </LocalLink>
      </div>
    </Section>
  );
}
