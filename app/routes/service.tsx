import { NotFound } from "~/components/NotFound.tsx";
import { PageHeader } from "~/components/ui/PageHeader.tsx";
import { tr } from "~/content/localized.ts";
import { findService } from "~/content/services.ts";
import { langFromPath, useLang } from "~/i18n";
import { notFound, notFoundMeta } from "~/lib/not-found.ts";
import { pageSeo } from "~/lib/seo.ts";
import type { Route } from "./+types/service";

export function loader({ params }: Route.LoaderArgs) {
  return findService(params.serviceId) ? { found: true as const, id: params.serviceId } : notFound();
}

export const meta: Route.MetaFunction = ({ location, params }) => {
  const service = findService(params.serviceId ?? "");
  if (!service) return notFoundMeta(location.pathname);
  return pageSeo("service", location.pathname, { name: tr(service.title, langFromPath(location.pathname)) });
};

export default function ServicePage({ loaderData }: Route.ComponentProps) {
  const lang = useLang();
  const service = loaderData.found ? findService(loaderData.id) : undefined;
  if (!service) return <NotFound />;
  return <PageHeader heading={tr(service.title, lang)} />;
}
