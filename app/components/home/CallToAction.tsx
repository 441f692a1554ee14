import { ArrowRight, MessageCircle } from "~/components/icons";
import { LocalLink } from "~/components/ui/LocalLink.tsx";
import { useT } from "~/i18n";
import { ContactButton } from "./ContactButton.tsx";

export function CallToAction() {
  const { t } = useT();
  const texts = t.home.cta;
  return (
    <section aria-labelledby="cta-title" data-testid="home-cta" className="py-16 sm:py-24">
      <div className="container-page">
        <div className="brand-gradient relative overflow-hidden rounded-[1.5rem] px-6 py-14 text-center text-accent-fg shadow-xl sm:px-12 sm:py-20">
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-0 bg-[radial-gradient(circle_at_20%_0%,var(--accent-fg)_0,transparent_45%)] opacity-15"
          />
          <h2
            id="cta-title"
            className="relative mx-auto max-w-2xl text-balance text-3xl font-bold tracking-tight sm:text-4xl"
          >
            {texts.heading}
          </h2>
          <p className="relative mx-auto mt-4 max-w-xl text-pretty text-lg opacity-90">{texts.text}</p>
          <div className="relative mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <ContactButton className="inline-flex items-center justify-center gap-2 rounded-full bg-accent-fg px-6 py-3 font-semibold text-accent shadow-sm transition hover:-translate-y-0.5 hover:shadow-md">
              <MessageCircle className="size-5" aria-hidden="true" />
              {t.home.contactMe}
            </ContactButton>
            <LocalLink
              to="/services"
              className="inline-flex items-center justify-center gap-2 rounded-full border border-accent-fg/40 px-6 py-3 font-semibold transition hover:-translate-y-0.5 hover:bg-accent-fg/10"
            >
              {texts.services}
              <ArrowRight className="size-5" aria-hidden="true" />
            </LocalLink>
          </div>
        </div>
      </div>
    </section>
  );
}
