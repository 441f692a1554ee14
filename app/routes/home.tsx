import { CallToAction } from "~/components/home/CallToAction.tsx";
import { ContactDialog } from "~/components/home/ContactDialog.tsx";
import { FeaturedProjects } from "~/components/home/FeaturedProjects.tsx";
import { Hero } from "~/components/home/Hero.tsx";
import { HomeCompanies } from "~/components/home/HomeCompanies.tsx";
import { HomePartnerships } from "~/components/home/HomePartnerships.tsx";
import * as staticSections from "~/components/home/static-sections.ts";
import type { LauncherHandle } from "~/components/terminal/frame.ts";
import { TerminalLauncher } from "~/components/terminal/TerminalLauncher.tsx";
import { StaticIsland } from "~/components/ui/StaticIsland.tsx";
import { dictionaryFor, htmlLang, langFromPath } from "~/i18n";
import { homeShowcase } from "~/lib/home-showcase.ts";
import { requestLang } from "~/lib/request-lang.ts";
import { absoluteUrl, canonicalPath, pageSeo } from "~/lib/seo.ts";
import { site } from "~/site.config.ts";
import type { Route } from "./+types/home";

// The floating terminal button is on this page: the footer keeps room for it at the end.
export const handle = { floatingLauncher: true } satisfies LauncherHandle;

// Runs at build time for each language (the prerenderer asks for `/en.data` too); the cards
// travel as data, not as code.
export function loader({ request }: Route.LoaderArgs) {
  return homeShowcase(requestLang(request));
}

// A client-side navigation renders the page afresh: the content-only sections'
// code loads then. The first load hydrates the server's HTML and never runs this.
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [data, sections] = await Promise.all([serverLoader(), import("~/components/home/static-sections.ts")]);
  return { ...data, sections };
}

/**
 * The sections' components where they are needed: on the server (statically
 * imported; the client build drops that import) or after a client-side
 * navigation (loaded by `clientLoader`). Undefined while hydrating.
 */
function sectionsFor(loaderData: Route.ComponentProps["loaderData"]): typeof staticSections | undefined {
  if (import.meta.env.SSR) return staticSections;
  return "sections" in loaderData ? loaderData.sections : undefined;
}

export const meta: Route.MetaFunction = ({ location }) => {
  const lang = langFromPath(location.pathname);
  const url = absoluteUrl(canonicalPath(location.pathname));
  return [
    ...pageSeo("home", location.pathname),
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@graph": [
          { "@type": "WebSite", name: dictionaryFor(lang).meta.siteName, url, inLanguage: htmlLang[lang] },
          {
            "@type": "Person",
            name: site.name,
            email: `mailto:${site.email}`,
            jobTitle: dictionaryFor(lang).home.hero.role,
            url,
            address: { "@type": "PostalAddress", addressLocality: "Recife", addressRegion: "PE", addressCountry: "BR" },
            sameAs: site.socials.map((social) => social.href),
          },
        ],
      },
    },
  ];
};

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const sections = sectionsFor(loaderData);
  return (
    <>
      <Hero />
      <StaticIsland name="technologies">{sections && <sections.Technologies />}</StaticIsland>
      <StaticIsland name="experience">{sections && <sections.Experience />}</StaticIsland>
      <FeaturedProjects projects={loaderData.projects} />
      <HomeCompanies companies={loaderData.companies} />
      <StaticIsland name="testimonials">{sections && <sections.Testimonials />}</StaticIsland>
      <HomePartnerships partnerships={loaderData.partnerships} />
      <StaticIsland name="faq">{sections && <sections.Faq />}</StaticIsland>
      <CallToAction />
      <ContactDialog />
      <TerminalLauncher />
    </>
  );
}
