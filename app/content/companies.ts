import { companySlug } from "~/lib/slug.ts";
import type { companyNames } from "./ids.ts";
import { type Picture, picture } from "./images.ts";
import type { Localized } from "./localized.ts";

/** Networks a company may be on; only the ones it has are shown. */
export const companySocialNetworks = [
  "website",
  "github",
  "youtube",
  "facebook",
  "instagram",
  "twitter",
  "linkedin",
] as const;
export type CompanySocialNetwork = (typeof companySocialNetworks)[number];

export interface Company {
  name: (typeof companyNames)[number];
  /** One line, used on cards. */
  description: Localized;
  logo: Picture;
  banner: Picture;
  /** The longer story on the company's page, one paragraph per entry. */
  about: Localized<readonly string[]>;
  skills: Localized<readonly string[]>;
  socials: Partial<Record<CompanySocialNetwork, string>>;
  founded: string;
  role: Localized;
}

export const companies = [
  {
    name: "Cheetah Network",
    description: {
      pt: "Rede de servidores de jogos e comunidade com hospedagem própria.",
      en: "A game-server network and community with its own hosting.",
    },
    logo: picture("companies/cheetah-network-logo"),
    banner: picture("companies/cheetah-network-banner"),
    about: {
      pt: [
        "A Cheetah Network nasceu de um servidor de Minecraft feito entre amigos e virou uma rede de servidores de jogos com infraestrutura própria, painel de controle e uma das maiores comunidades brasileiras no Discord.",
        "Cuidamos de tudo: hospedagem com proteção contra DDoS, bots de moderação e economia, eventos semanais e um time de suporte que responde em português, a qualquer hora.",
      ],
      en: [
        "Cheetah Network started as a Minecraft server among friends and grew into a game-server network with its own infrastructure, control panel and one of the largest Brazilian communities on Discord.",
        "We handle everything: DDoS-protected hosting, moderation and economy bots, weekly events and a support team that answers in Portuguese, at any hour.",
      ],
    },
    skills: {
      pt: [
        "Hospedagem de jogos",
        "Proteção contra DDoS",
        "Bots para Discord",
        "Gestão de comunidades",
        "Eventos online",
      ],
      en: ["Game hosting", "DDoS protection", "Discord bots", "Community management", "Online events"],
    },
    socials: {
      website: "https://cheetahnetwork.com.br",
      github: "https://github.com/cheetah-network",
      youtube: "https://www.youtube.com/@cheetahnetwork",
      instagram: "https://www.instagram.com/cheetahnetwork",
      twitter: "https://x.com/cheetahnetwork",
    },
    founded: "2019",
    role: { pt: "Fundador e CTO", en: "Founder and CTO" },
  },
  {
    name: "Werneck Group",
    description: {
      pt: "Estúdio de software que cria sites, apps e automações para empresas.",
      en: "A software studio building websites, apps and automations for businesses.",
    },
    logo: picture("companies/werneck-group-logo"),
    banner: picture("companies/werneck-group-banner"),
    about: {
      pt: [
        "A Werneck Group é um estúdio de software de Recife que desenha e desenvolve produtos digitais sob medida: sites institucionais, plataformas web, aplicativos, bots e automações.",
        "Trabalhamos em ciclos curtos, com entregas semanais e o cliente por perto. Cada projeto sai com design cuidado, código testado e uma hospedagem pronta para crescer.",
      ],
      en: [
        "Werneck Group is a software studio from Recife that designs and builds tailor-made digital products: corporate websites, web platforms, apps, bots and automations.",
        "We work in short cycles, with weekly deliveries and the client close by. Every project ships with careful design, tested code and hosting ready to grow.",
      ],
    },
    skills: {
      pt: [
        "Desenvolvimento web",
        "Aplicativos mobile",
        "Design de interfaces",
        "Automação de processos",
        "Infraestrutura em nuvem",
      ],
      en: ["Web development", "Mobile apps", "Interface design", "Process automation", "Cloud infrastructure"],
    },
    socials: {
      website: "https://werneckgroup.com.br",
      github: "https://github.com/werneck-group",
      instagram: "https://www.instagram.com/werneckgroup",
      linkedin: "https://www.linkedin.com/company/werneck-group",
      facebook: "https://www.facebook.com/werneckgroup",
    },
    founded: "2021",
    role: { pt: "Fundador e CEO", en: "Founder and CEO" },
  },
] satisfies readonly Company[];

/** The company whose page lives at this slug, if any. */
export function findCompany(slug: string): Company | undefined {
  return companies.find((company) => companySlug(company.name) === slug);
}

/**
 * Language-neutral path of a company's page.
 * @example companyPath(companies[1]) // "/companies/werneck-group"
 */
export function companyPath(company: Pick<Company, "name">): string {
  return `/companies/${companySlug(company.name)}`;
}
