import { StaticPageHeader } from "~/components/ui/StaticPage.tsx";
import { pageSeo } from "~/lib/seo.ts";
import type { Route } from "./+types/discord";

export const meta: Route.MetaFunction = ({ location }) => pageSeo("discord", location.pathname);

export default function DiscordPage() {
  return <StaticPageHeader page="discord" />;
}
