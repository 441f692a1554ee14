import { useT } from "~/i18n";
import { pageSeo } from "~/lib/seo.ts";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ location }) => pageSeo("home", location.pathname);

export default function HomePage() {
  const { t } = useT();
  return (
    <section className="container-page py-20 sm:py-28">
      <h1 className="text-balance text-4xl font-bold tracking-tight sm:text-6xl">{t.pages.home.heading}</h1>
      <p className="mt-6 max-w-2xl text-pretty text-lg leading-relaxed text-fg-muted">{t.pages.home.description}</p>
    </section>
  );
}
