import { replace } from "react-router";
import { PageHeader } from "~/components/ui/PageHeader.tsx";
import { findCompany } from "~/content/companies.ts";
import { tr } from "~/content/localized.ts";
import { langFromPath, localizePath, useLang } from "~/i18n";
import { pageSeo } from "~/lib/seo.ts";
import type { Route } from "./+types/company";

export function loader({ params, request }: Route.LoaderArgs) {
  // An unknown company goes back to the list, replacing the bad entry in history.
  if (!findCompany(params.slug)) {
    throw replace(localizePath("/companies", langFromPath(new URL(request.url).pathname)));
  }
  return { slug: params.slug };
}

export const meta: Route.MetaFunction = ({ location, params }) => {
  const company = findCompany(params.slug ?? "");
  return company ? pageSeo("company", location.pathname, { name: company.name }) : [];
};

export default function CompanyPage({ loaderData }: Route.ComponentProps) {
  const lang = useLang();
  const company = findCompany(loaderData.slug);
  if (!company) return null;
  return <PageHeader heading={company.name} lead={tr(company.description, lang)} />;
}
