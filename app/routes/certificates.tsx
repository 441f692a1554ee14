import { StaticPageHeader } from "~/components/ui/StaticPage.tsx";
import { pageSeo } from "~/lib/seo.ts";
import type { Route } from "./+types/certificates";

export const meta: Route.MetaFunction = ({ location }) => pageSeo("certificates", location.pathname);

export default function CertificatesPage() {
  return <StaticPageHeader page="certificates" />;
}
