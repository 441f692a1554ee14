import { CallToAction } from "~/components/home/CallToAction.tsx";
import { Experience } from "~/components/home/Experience.tsx";
import { Faq } from "~/components/home/Faq.tsx";
import { FeaturedProjects } from "~/components/home/FeaturedProjects.tsx";
import { Hero } from "~/components/home/Hero.tsx";
import { HomeCompanies } from "~/components/home/HomeCompanies.tsx";
import { HomePartnerships } from "~/components/home/HomePartnerships.tsx";
import { Technologies } from "~/components/home/Technologies.tsx";
import { Testimonials } from "~/components/home/Testimonials.tsx";
import { TerminalLauncher } from "~/components/terminal/TerminalLauncher.tsx";
import { dictionaryFor, htmlLang, langFromPath } from "~/i18n";
import { homeShowcase } from "~/lib/home-showcase.ts";
import { absoluteUrl, canonicalPath, pageSeo } from "~/lib/seo.ts";
import { site } from "~/site.config.ts";
import type { Route } from "./+types/home";

// Runs at build time for each language; the cards travel as data, not as code.
// The prerenderer asks for `/en.data`, so the data suffix goes before the language is read.
export function loader({ request }: Route.LoaderArgs) {
  return homeShowcase(langFromPath(new URL(request.url).pathname.replace(/\.data$/, "")));
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
  return (
    <>
      <Hero />
      <Technologies />
      <Experience />
      <FeaturedProjects projects={loaderData.projects} />
      <HomeCompanies companies={loaderData.companies} />
      <Testimonials />
      <HomePartnerships partnerships={loaderData.partnerships} />
      <Faq />
      <CallToAction />
      <TerminalLauncher />
    </>
  );
}
