import { StaticPageHeader } from "~/components/ui/StaticPage.tsx";
import { pageSeo } from "~/lib/seo.ts";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = ({ location }) => pageSeo("contact", location.pathname);

export default function ContactPage() {
  return <StaticPageHeader page="contact" />;
}
