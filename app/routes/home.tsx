import { CallToAction } from "~/components/home/CallToAction.tsx";
import { Experience } from "~/components/home/Experience.tsx";
import { Faq } from "~/components/home/Faq.tsx";
import { Hero } from "~/components/home/Hero.tsx";
import { Technologies } from "~/components/home/Technologies.tsx";
import { Testimonials } from "~/components/home/Testimonials.tsx";
import { TerminalLauncher } from "~/components/terminal/TerminalLauncher.tsx";
import { pageSeo } from "~/lib/seo.ts";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ location }) => pageSeo("home", location.pathname);

export default function HomePage() {
  return (
    <>
      <Hero />
      <Technologies />
      <Experience />
      <Testimonials />
      <Faq />
      <CallToAction />
      <TerminalLauncher />
    </>
  );
}
