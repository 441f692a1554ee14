import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { logNotFound } from "~/first-paint/page-script/not-found.ts";
import { useT } from "~/i18n";
import { LocalLink } from "./ui/LocalLink.tsx";

/**
 * The 404 page body; the path that was asked for is logged for whoever debugs
 * links (`app/first-paint/page-script/not-found.ts`: by the page script on a served page).
 * A page that existed and was removed says so with the same look (410).
 * @example <NotFound gone={{ heading: "Este post foi removido", description: "…" }} />
 */
export function NotFound({ gone }: { gone?: { heading: string; description: string } } = {}) {
  const { t } = useT();
  const { pathname } = useLocation();
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    if (section.current) logNotFound(section.current, pathname);
  }, [pathname]);
  return (
    <section
      ref={section}
      data-not-found=""
      className="container-page grid min-h-[60dvh] place-content-center py-24 text-center"
    >
      <p className="brand-gradient-text font-mono text-7xl font-bold sm:text-8xl" aria-hidden="true">
        {gone ? 410 : 404}
      </p>
      <h1 className="mt-6 text-3xl font-bold tracking-tight sm:text-4xl">{gone?.heading ?? t.notFound.heading}</h1>
      <p className="mt-4 text-fg-muted">{gone?.description ?? t.notFound.description}</p>
      <LocalLink
        to="/"
        className="mx-auto mt-8 inline-flex rounded-full bg-accent px-6 py-3 font-medium text-accent-fg transition hover:bg-accent-strong"
      >
        {t.notFound.returnHome}
      </LocalLink>
    </section>
  );
}
