/** The community page's content: the Discord server and why to join it. */
import type { IconName } from "./icons.ts";
import type { Localized } from "./localized.ts";

export interface CommunityReason {
  title: Localized;
  description: Localized;
  icon: IconName;
}

export const community = {
  name: "Cheetah Network",
  /** The member count the server advertises. */
  members: "150k+",
  description: {
    pt: "A comunidade da Cheetah Network no Discord reúne gamers, devs e criadores de todo o Brasil. Tem canais de ajuda com código, eventos toda semana, vagas e um time de moderação que mantém o lugar acolhedor.",
    en: "The Cheetah Network community on Discord brings together gamers, developers and creators from all over Brazil. It has channels for code help, weekly events, job posts and a moderation team that keeps the place welcoming.",
  },
  reasons: [
    {
      title: { pt: "Ajuda com código", en: "Help with code" },
      description: {
        pt: "Canais por tecnologia onde gente experiente responde dúvidas de quem está começando.",
        en: "Channels per technology where experienced people answer questions from beginners.",
      },
      icon: "code",
    },
    {
      title: { pt: "Eventos semanais", en: "Weekly events" },
      description: {
        pt: "Torneios, lives de programação e noites de jogos toda semana.",
        en: "Tournaments, live coding and game nights every week.",
      },
      icon: "calendar",
    },
    {
      title: { pt: "Networking e vagas", en: "Networking and jobs" },
      description: {
        pt: "Um canal de vagas curadas e contato direto com empresas e freelancers.",
        en: "A channel of curated jobs and direct contact with companies and freelancers.",
      },
      icon: "handshake",
    },
    {
      title: { pt: "Espaço seguro", en: "A safe space" },
      description: {
        pt: "Moderação ativa 24 horas e regras claras contra qualquer tipo de preconceito.",
        en: "Active moderation around the clock and clear rules against any kind of prejudice.",
      },
      icon: "shield",
    },
  ],
} satisfies { name: string; members: string; description: Localized; reasons: readonly CommunityReason[] };
