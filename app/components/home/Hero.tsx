import { ArrowRight, MapPin, MessageCircle } from "~/components/icons";
import { LocalLink } from "~/components/ui/LocalLink.tsx";
import { useT } from "~/i18n";
import { site } from "~/site.config.ts";
import { primaryButton, secondaryButton } from "./buttons.ts";
import { ContactButton } from "./ContactButton.tsx";
import { SocialLinks } from "./SocialLinks.tsx";
import { Typewriter } from "./Typewriter.tsx";

export function Hero() {
  const { t } = useT();
  const texts = t.home.hero;
  return (
    <section aria-labelledby="hero-title" data-testid="home-hero" className="relative overflow-hidden">
      <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
        <div className="brand-glow absolute -top-40 left-1/2 h-96 w-[48rem] -translate-x-1/2 opacity-20 dark:opacity-25" />
        <div className="absolute inset-0 bg-[radial-gradient(var(--line)_1px,transparent_1px)] [background-size:24px_24px] [mask-image:linear-gradient(to_bottom,black,transparent_85%)]" />
      </div>

      <div className="container-page grid items-center gap-12 py-16 sm:py-24 lg:grid-cols-[1.25fr_1fr] lg:py-28">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-line bg-bg/90 px-3 py-1.5 text-sm font-medium text-fg-muted">
            <span className="relative flex size-2.5" aria-hidden="true">
              <span className="absolute inline-flex size-full animate-ping rounded-full bg-success opacity-60" />
              <span className="relative inline-flex size-2.5 rounded-full bg-success" />
            </span>
            {texts.badge}
          </p>

          <h1 id="hero-title" className="mt-6 font-bold tracking-tight">
            <span className="block text-2xl text-fg-muted sm:text-3xl">{texts.greeting}</span>
            {/* A fixed line height keeps the page still while the name is typed and deleted. */}
            <span className="mt-1 block min-h-[1.15em] text-[2.6rem] leading-[1.15] sm:text-6xl lg:text-7xl">
              <Typewriter names={site.typewriterNames} />
            </span>
          </h1>

          <p className="mt-5 text-lg font-semibold text-fg sm:text-xl">{texts.role}</p>
          <p className="mt-3 max-w-xl text-pretty text-lg leading-relaxed text-fg-muted">{texts.subtitle}</p>

          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <ContactButton className={primaryButton}>
              <MessageCircle className="size-5" aria-hidden="true" />
              {t.home.contactMe}
            </ContactButton>
            <LocalLink to="/about" className={secondaryButton}>
              {t.home.aboutMe}
              <ArrowRight className="size-5" aria-hidden="true" />
            </LocalLink>
          </div>

          <div className="mt-8">
            <SocialLinks label={texts.socialLabel} />
          </div>
        </div>

        <ProfileCard />
      </div>
    </section>
  );
}

/** A code-editor card about the owner: decoration that also says who this is at a glance. */
function ProfileCard() {
  const { t } = useT();
  const texts = t.home.hero;
  return (
    <div aria-hidden="true" className="relative mx-auto hidden w-full max-w-md lg:block">
      <div className="brand-gradient absolute -inset-1 rounded-[1.25rem] opacity-30 blur-xl" />
      <div className="relative overflow-hidden rounded-card border border-line bg-surface shadow-xl">
        <div className="flex items-center gap-2 border-b border-line px-4 py-3">
          <span className="size-3 rounded-full bg-danger/70" />
          <span className="size-3 rounded-full bg-accent-2/70" />
          <span className="size-3 rounded-full bg-success/70" />
          <span className="ml-3 font-mono text-xs text-fg-muted">developer.ts</span>
        </div>
        <div className="flex items-center gap-4 px-6 pt-6">
          <span className="brand-gradient grid size-16 place-items-center rounded-2xl font-mono text-xl font-bold text-accent-fg">
            {site.initials}
          </span>
          <div>
            <p className="font-semibold">{site.name}</p>
            <p className="text-sm text-fg-muted">{texts.cardTitle}</p>
            <p className="mt-1 flex items-center gap-1 text-xs text-fg-muted">
              <MapPin className="size-3.5" />
              {texts.location}
            </p>
          </div>
        </div>
        <pre className="overflow-hidden px-6 py-6 font-mono text-[13px] leading-6">
          <span className="text-accent-2">const</span> <span className="text-fg">developer</span>{" "}
          <span className="text-fg-muted">=</span> {"{"}
          {"\n  "}
          <span className="text-fg-muted">name:</span> <span className="text-accent">"{site.name}"</span>,{"\n  "}
          <span className="text-fg-muted">stack:</span> [<span className="text-accent">"TypeScript"</span>,{" "}
          <span className="text-accent">"React"</span>, <span className="text-accent">"Node.js"</span>],{"\n  "}
          <span className="text-fg-muted">projects:</span> <span className="text-accent-2">50</span>,{"\n  "}
          <span className="text-fg-muted">available:</span> <span className="text-accent-2">true</span>,{"\n"}
          {"};"}
        </pre>
        <div className="flex items-center gap-2 border-t border-line px-6 py-3 text-xs text-fg-muted">
          <span className="size-2 rounded-full bg-success" />
          {texts.cardStatus}
        </div>
      </div>
    </div>
  );
}
