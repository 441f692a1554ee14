import { companySlug } from "~/lib/slug.ts";
import type { companyNames } from "./ids.ts";
import type { Localized } from "./localized.ts";

export interface Company {
  name: (typeof companyNames)[number];
  description: Localized;
}

export const companies = [
  {
    name: "Cheetah Network",
    description: {
      pt: "Rede de servidores de jogos e comunidade com hospedagem própria.",
      en: "A game-server network and community with its own hosting.",
    },
  },
  {
    name: "Werneck Group",
    description: {
      pt: "Estúdio de software que cria sites, apps e automações para empresas.",
      en: "A software studio building websites, apps and automations for businesses.",
    },
  },
] as const satisfies readonly Company[];

/** The company whose page lives at this slug, if any. */
export function findCompany(slug: string): Company | undefined {
  return companies.find((company) => companySlug(company.name) === slug);
}
