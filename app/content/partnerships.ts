import { type Picture, picture } from "./images.ts";
import type { Localized } from "./localized.ts";
import type { ThemeColor } from "./theme-colors.ts";

export interface Partnership {
  id: string;
  name: string;
  /** What the partnership is, in a few words ("Official hosting partner"). */
  role: Localized;
  description: Localized;
  logo: Picture;
  banner: Picture;
  link: string;
  /** Theme colour token (a CSS custom property) the card is tinted with. */
  color: ThemeColor;
  /** Set on the two partnerships the home page features. */
  featured?: "hosting" | "moderator";
}

export const partnerships: readonly Partnership[] = [
  {
    id: "vortex-host",
    name: "Vortex Host",
    role: { pt: "Parceiro oficial de hospedagem", en: "Official hosting partner" },
    description: {
      pt: "Hospedagem brasileira de servidores de jogos e aplicações. Os projetos do estúdio rodam na Vortex, com condições especiais para quem vem por indicação.",
      en: "Brazilian hosting for game servers and applications. The studio's projects run on Vortex, with special terms for people referred by us.",
    },
    logo: picture("partners/vortex-host-logo"),
    banner: picture("partners/vortex-host-banner"),
    link: "https://vortexhost.com.br",
    color: "--info",
    featured: "hosting",
  },
  {
    id: "devbr",
    name: "Comunidade DevBR",
    role: { pt: "Moderador no Discord", en: "Discord moderator" },
    description: {
      pt: "Sou moderador da DevBR, um servidor de Discord com mais de 40 mil membros onde devs tiram dúvidas, dividem vagas e fazem networking.",
      en: "I moderate DevBR, a Discord server with more than 40 thousand members where developers ask questions, share jobs and network.",
    },
    logo: picture("partners/devbr-logo"),
    banner: picture("partners/devbr-banner"),
    link: "https://discord.gg/devbr",
    color: "--accent-2",
    featured: "moderator",
  },
  {
    id: "recife-tech",
    name: "Recife Tech",
    role: { pt: "Palestrante e apoiador de eventos", en: "Speaker and event supporter" },
    description: {
      pt: "Encontros mensais de tecnologia no Porto Digital. Apoio a organização e falo sobre bots, nuvem e carreira.",
      en: "Monthly tech meetups at Porto Digital. I help organise them and speak about bots, the cloud and careers.",
    },
    logo: picture("partners/recife-tech-logo"),
    banner: picture("partners/recife-tech-banner"),
    link: "https://recifetech.dev",
    color: "--accent",
  },
  {
    id: "open-source-pe",
    name: "Open Source PE",
    role: { pt: "Mantenedor de projetos", en: "Project maintainer" },
    description: {
      pt: "Coletivo pernambucano de software livre. Mantenho bibliotecas de bots e ajudo iniciantes na primeira contribuição.",
      en: "A Pernambuco open-source collective. I maintain bot libraries and help newcomers with their first contribution.",
    },
    logo: picture("partners/open-source-pe-logo"),
    banner: picture("partners/open-source-pe-banner"),
    link: "https://github.com/opensource-pe",
    color: "--success",
  },
];

/** The two partnerships the home page shows: the hosting partner, then the moderator role. */
export const homePartnerships: readonly Partnership[] = (["hosting", "moderator"] as const).flatMap((kind) =>
  partnerships.filter((partnership) => partnership.featured === kind),
);
