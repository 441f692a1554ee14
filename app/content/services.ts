import type { IconName } from "./icons.ts";
import type { ServiceId } from "./ids.ts";
import { type Picture, picture } from "./images.ts";
import type { Localized } from "./localized.ts";
import type { ThemeColor } from "./theme-colors.ts";

/** Colour tokens (CSS custom properties of the theme) a service's gradient runs between. */
export type GradientStops = readonly [from: ThemeColor, to: ThemeColor];

/** Price "from", in whole units of each currency; the language picks the currency. */
export interface Pricing {
  brl: number;
  usd: number;
  /** "project" for a fixed starting price, "hour" for hourly work. */
  per: "project" | "hour";
}

export type ClientProjectStatus = "completed" | "in-progress" | "on-hold";

export interface ClientProject {
  title: Localized;
  client: string;
  description: Localized;
  image: Picture;
  technologies: readonly string[];
  link: string;
  deliveryDate: Localized;
  status: ClientProjectStatus;
}

export interface ServiceCategory {
  id: ServiceId;
  /** The category's name in the product's vocabulary, e.g. "webDevelopment". */
  key: string;
  icon: IconName;
  gradient: GradientStops;
  title: Localized;
  description: Localized;
  /** Exactly five, shown on the card. */
  features: Localized<readonly string[]>;
  requirements: Localized<readonly string[]>;
  technologies: readonly string[];
  deliveryTime: Localized;
  pricing: Pricing;
  clientProjects: readonly ClientProject[];
}

export const serviceCategories = [
  {
    id: "web-development",
    key: "webDevelopment",
    icon: "code",
    gradient: ["--accent", "--accent-2"],
    title: { pt: "Desenvolvimento Web", en: "Web Development" },
    description: {
      pt: "Sites institucionais, lojas e plataformas web rápidas, acessíveis e fáceis de manter.",
      en: "Corporate websites, stores and web platforms that are fast, accessible and easy to maintain.",
    },
    features: {
      pt: [
        "Design responsivo para qualquer tela",
        "SEO técnico desde o primeiro dia",
        "Painel para editar o conteúdo",
        "Desempenho nota 90+ no Lighthouse",
        "Hospedagem e domínio configurados",
      ],
      en: [
        "Responsive design for every screen",
        "Technical SEO from day one",
        "Panel to edit your content",
        "Lighthouse performance of 90+",
        "Hosting and domain set up",
      ],
    },
    requirements: {
      pt: [
        "Objetivo do site e público principal",
        "Textos e fotos (ou ajuda para produzi-los)",
        "Referências de sites que você gosta",
        "Acesso ao domínio, se já existir",
      ],
      en: [
        "The site's goal and main audience",
        "Copy and photos (or help producing them)",
        "References of sites you like",
        "Access to the domain, if you have one",
      ],
    },
    technologies: ["React", "Next.js", "React Router", "TypeScript", "Tailwind CSS", "Node.js", "PostgreSQL"],
    deliveryTime: { pt: "2-6 semanas", en: "2-6 weeks" },
    pricing: { brl: 2500, usd: 500, per: "project" },
    clientProjects: [
      {
        title: { pt: "Site da Clínica Vida", en: "Clínica Vida website" },
        client: "Clínica Vida",
        description: {
          pt: "Site com agendamento online para uma clínica de fisioterapia em Boa Viagem.",
          en: "Website with online booking for a physiotherapy clinic in Boa Viagem.",
        },
        image: picture("clients/clinica-vida"),
        technologies: ["Next.js", "TypeScript", "Tailwind CSS"],
        link: "https://clinicavida.com.br",
        deliveryDate: { pt: "Fevereiro de 2024", en: "February 2024" },
        status: "completed",
      },
      {
        title: { pt: "Loja virtual Mangue", en: "Mangue online store" },
        client: "Loja Mangue",
        description: {
          pt: "Loja de artesanato pernambucano com pagamentos por Pix e cartão.",
          en: "A store of Pernambuco crafts with Pix and card payments.",
        },
        image: picture("clients/loja-mangue"),
        technologies: ["React Router", "Stripe", "PostgreSQL"],
        link: "https://lojamangue.com.br",
        deliveryDate: { pt: "Previsto para setembro", en: "Due in September" },
        status: "in-progress",
      },
    ],
  },
  {
    id: "mobile-development",
    key: "mobileDevelopment",
    icon: "smartphone",
    gradient: ["--info", "--accent-2"],
    title: { pt: "Desenvolvimento Mobile", en: "Mobile Development" },
    description: {
      pt: "Aplicativos para Android e iOS com uma só base de código, publicados nas lojas.",
      en: "Android and iOS apps from a single codebase, published to the stores.",
    },
    features: {
      pt: [
        "Um código para Android e iOS",
        "Notificações push",
        "Funciona sem internet",
        "Login social e pagamentos",
        "Publicação na App Store e Google Play",
      ],
      en: [
        "One codebase for Android and iOS",
        "Push notifications",
        "Works offline",
        "Social sign-in and payments",
        "Publishing to the App Store and Google Play",
      ],
    },
    requirements: {
      pt: [
        "Fluxos principais do app",
        "Contas de desenvolvedor nas lojas",
        "Identidade visual da marca",
        "APIs ou sistemas que o app vai usar",
      ],
      en: [
        "The app's main flows",
        "Developer accounts on the stores",
        "The brand's visual identity",
        "APIs or systems the app will use",
      ],
    },
    technologies: ["React Native", "Expo", "TypeScript", "Firebase", "Node.js"],
    deliveryTime: { pt: "6-12 semanas", en: "6-12 weeks" },
    pricing: { brl: 8000, usd: 1600, per: "project" },
    clientProjects: [
      {
        title: { pt: "App Entrega Já", en: "Entrega Já app" },
        client: "Entrega Já",
        description: {
          pt: "App de delivery para restaurantes do bairro, com rastreio do pedido em tempo real.",
          en: "A delivery app for neighbourhood restaurants, with real-time order tracking.",
        },
        image: picture("clients/delivery-app"),
        technologies: ["React Native", "Expo", "Firebase"],
        link: "https://entregaja.app",
        deliveryDate: { pt: "Outubro de 2023", en: "October 2023" },
        status: "completed",
      },
      {
        title: { pt: "App Treino+", en: "Treino+ app" },
        client: "Studio Treino+",
        description: {
          pt: "App de treinos personalizados com acompanhamento do professor.",
          en: "A personalised workout app with coach follow-up.",
        },
        image: picture("clients/fitness-app"),
        technologies: ["React Native", "TypeScript", "Node.js"],
        link: "https://treinomais.app",
        deliveryDate: { pt: "Pausado pelo cliente", en: "Paused by the client" },
        status: "on-hold",
      },
    ],
  },
  {
    id: "bot-development",
    key: "botDevelopment",
    icon: "bot",
    gradient: ["--accent-2", "--success"],
    title: { pt: "Desenvolvimento de Bots", en: "Bot Development" },
    description: {
      pt: "Bots para Discord, WhatsApp e Telegram que moderam, atendem e automatizam.",
      en: "Discord, WhatsApp and Telegram bots that moderate, serve customers and automate.",
    },
    features: {
      pt: [
        "Comandos e menus interativos",
        "Moderação automática",
        "Sistema de tickets",
        "Integração com APIs e bancos de dados",
        "Painel web de configuração",
      ],
      en: [
        "Commands and interactive menus",
        "Automatic moderation",
        "Ticket system",
        "Integration with APIs and databases",
        "Web configuration panel",
      ],
    },
    requirements: {
      pt: [
        "Plataforma (Discord, WhatsApp ou Telegram)",
        "Lista de comandos e regras",
        "Permissões no servidor ou número",
        "Onde o bot vai ficar hospedado",
      ],
      en: [
        "Platform (Discord, WhatsApp or Telegram)",
        "List of commands and rules",
        "Permissions on the server or number",
        "Where the bot will be hosted",
      ],
    },
    technologies: ["Discord.js", "Node.js", "TypeScript", "Python", "Redis", "PostgreSQL"],
    deliveryTime: { pt: "1-4 semanas", en: "1-4 weeks" },
    pricing: { brl: 1500, usd: 300, per: "project" },
    clientProjects: [
      {
        title: { pt: "TicketBot", en: "TicketBot" },
        client: "Comunidade DevBR",
        description: {
          pt: "Bot de tickets e moderação para uma comunidade de mais de 40 mil membros.",
          en: "Ticket and moderation bot for a community of more than 40 thousand members.",
        },
        image: picture("clients/ticket-bot"),
        technologies: ["Discord.js", "TypeScript", "PostgreSQL"],
        link: "https://devbr.community/ticketbot",
        deliveryDate: { pt: "Maio de 2023", en: "May 2023" },
        status: "completed",
      },
      {
        title: { pt: "Frevo Bot", en: "Frevo Bot" },
        client: "Rádio Frevo Online",
        description: {
          pt: "Bot de música e enquetes para as lives de uma rádio online.",
          en: "A music and polls bot for an online radio's live shows.",
        },
        image: picture("clients/music-bot"),
        technologies: ["Discord.js", "Node.js", "Redis"],
        link: "https://radiofrevo.com.br/bot",
        deliveryDate: { pt: "Janeiro de 2024", en: "January 2024" },
        status: "completed",
      },
    ],
  },
  {
    id: "uiux-design",
    key: "uiuxDesign",
    icon: "palette",
    gradient: ["--danger", "--accent-2"],
    title: { pt: "Design UI/UX", en: "UI/UX Design" },
    description: {
      pt: "Interfaces claras e bonitas, desenhadas a partir de pesquisa e testadas com usuários.",
      en: "Clear, beautiful interfaces, designed from research and tested with users.",
    },
    features: {
      pt: [
        "Pesquisa com usuários",
        "Wireframes e fluxos",
        "Protótipo navegável no Figma",
        "Design system documentado",
        "Testes de usabilidade",
      ],
      en: [
        "User research",
        "Wireframes and flows",
        "Clickable Figma prototype",
        "Documented design system",
        "Usability testing",
      ],
    },
    requirements: {
      pt: [
        "Objetivos do produto",
        "Acesso a alguns usuários para entrevistas",
        "Marca e referências visuais",
        "Telas atuais, se existirem",
      ],
      en: [
        "The product's goals",
        "Access to a few users for interviews",
        "Brand and visual references",
        "Current screens, if any",
      ],
    },
    technologies: ["Figma", "FigJam", "Design tokens", "Storybook", "Maze"],
    deliveryTime: { pt: "2-8 semanas", en: "2-8 weeks" },
    pricing: { brl: 3000, usd: 600, per: "project" },
    clientProjects: [
      {
        title: { pt: "Redesenho Conta Azulejo", en: "Conta Azulejo redesign" },
        client: "Conta Azulejo",
        description: {
          pt: "Novo aplicativo de uma fintech regional, com onboarding 3x mais rápido.",
          en: "A new app for a regional fintech, with onboarding 3x faster.",
        },
        image: picture("clients/fintech-redesign"),
        technologies: ["Figma", "Design tokens", "Maze"],
        link: "https://contaazulejo.com.br",
        deliveryDate: { pt: "Julho de 2024", en: "July 2024" },
        status: "completed",
      },
      {
        title: { pt: "Portal Escola Aurora", en: "Escola Aurora portal" },
        client: "Escola Aurora",
        description: {
          pt: "Portal de pais e alunos, desenhado com professores e famílias.",
          en: "A parents' and students' portal, designed with teachers and families.",
        },
        image: picture("clients/school-portal"),
        technologies: ["Figma", "Storybook"],
        link: "https://escolaaurora.com.br",
        deliveryDate: { pt: "Previsto para novembro", en: "Due in November" },
        status: "in-progress",
      },
    ],
  },
  {
    id: "cloud-solutions",
    key: "cloudSolutions",
    icon: "cloud",
    gradient: ["--accent-2", "--accent"],
    title: { pt: "Soluções em Nuvem", en: "Cloud Solutions" },
    description: {
      pt: "Hospedagem, migração e automação de infraestrutura para o seu sistema crescer sem sustos.",
      en: "Hosting, migration and infrastructure automation so your system grows without surprises.",
    },
    features: {
      pt: [
        "Migração para AWS, GCP ou Azure",
        "Deploy automático (CI/CD)",
        "Monitoramento e alertas",
        "Backups testados",
        "Redução de custos da nuvem",
      ],
      en: [
        "Migration to AWS, GCP or Azure",
        "Automated deployment (CI/CD)",
        "Monitoring and alerts",
        "Tested backups",
        "Cloud cost reduction",
      ],
    },
    requirements: {
      pt: [
        "Acesso à infraestrutura atual",
        "Volume de acessos e dados",
        "Metas de disponibilidade",
        "Orçamento mensal da nuvem",
      ],
      en: [
        "Access to the current infrastructure",
        "Traffic and data volumes",
        "Availability targets",
        "Monthly cloud budget",
      ],
    },
    technologies: ["AWS", "Docker", "Kubernetes", "Terraform", "GitHub Actions", "Cloudflare"],
    deliveryTime: { pt: "1-3 semanas", en: "1-3 weeks" },
    pricing: { brl: 2000, usd: 400, per: "project" },
    clientProjects: [
      {
        title: { pt: "Migração para a AWS", en: "AWS migration" },
        client: "Grupo Capibaribe",
        description: {
          pt: "Migração de servidores físicos para a AWS, com custo mensal 35% menor.",
          en: "Migration from physical servers to AWS, with a 35% lower monthly bill.",
        },
        image: picture("clients/cloud-migration"),
        technologies: ["AWS", "Terraform", "Docker"],
        link: "https://grupocapibaribe.com.br",
        deliveryDate: { pt: "Novembro de 2023", en: "November 2023" },
        status: "completed",
      },
      {
        title: { pt: "Pipeline de entrega contínua", en: "Continuous delivery pipeline" },
        client: "Olinda Software",
        description: {
          pt: "Deploys de 40 minutos para 6, com testes e rollback automático.",
          en: "Deploys from 40 minutes down to 6, with tests and automatic rollback.",
        },
        image: picture("clients/ci-pipeline"),
        technologies: ["GitHub Actions", "Kubernetes"],
        link: "https://olindasoftware.com.br",
        deliveryDate: { pt: "Previsto para outubro", en: "Due in October" },
        status: "in-progress",
      },
    ],
  },
  {
    id: "consulting",
    key: "consulting",
    icon: "lightbulb",
    gradient: ["--success", "--accent"],
    title: { pt: "Consultoria", en: "Consulting" },
    description: {
      pt: "Orientação técnica para decidir arquitetura, contratar bem e entregar com previsibilidade.",
      en: "Technical guidance to choose an architecture, hire well and deliver predictably.",
    },
    features: {
      pt: [
        "Revisão de arquitetura e código",
        "Escolha de tecnologias",
        "Plano de produto e MVP",
        "Mentoria para times",
        "Apoio em contratações técnicas",
      ],
      en: [
        "Architecture and code review",
        "Technology choices",
        "Product and MVP planning",
        "Team mentoring",
        "Help with technical hiring",
      ],
    },
    requirements: {
      pt: [
        "Contexto do negócio e do produto",
        "Acesso ao código ou à documentação",
        "Perguntas que precisam de resposta",
        "Disponibilidade para reuniões",
      ],
      en: [
        "Business and product context",
        "Access to the code or documentation",
        "Questions that need answers",
        "Time for meetings",
      ],
    },
    technologies: ["Domain-Driven Design", "TypeScript", "Node.js", "AWS", "Scrum", "Kanban"],
    deliveryTime: { pt: "Flexível", en: "Flexible" },
    pricing: { brl: 200, usd: 40, per: "hour" },
    clientProjects: [
      {
        title: { pt: "Auditoria técnica de startup", en: "Startup technical audit" },
        client: "Maracatu Labs",
        description: {
          pt: "Auditoria de código e arquitetura antes de uma rodada de investimento.",
          en: "A code and architecture audit ahead of an investment round.",
        },
        image: picture("clients/startup-audit"),
        technologies: ["Node.js", "AWS", "PostgreSQL"],
        link: "https://maracatulabs.com",
        deliveryDate: { pt: "Abril de 2024", en: "April 2024" },
        status: "completed",
      },
      {
        title: { pt: "Mentoria de time", en: "Team mentoring" },
        client: "Recife Digital",
        description: {
          pt: "Mentoria quinzenal para um time de 8 desenvolvedores adotar testes e revisão de código.",
          en: "Fortnightly mentoring for a team of 8 developers adopting tests and code review.",
        },
        image: picture("clients/team-mentoring"),
        technologies: ["TypeScript", "Vitest", "GitHub"],
        link: "https://recifedigital.com.br",
        deliveryDate: { pt: "Em andamento", en: "Ongoing" },
        status: "in-progress",
      },
    ],
  },
] satisfies readonly ServiceCategory[];

/** The service category with this id, if any. */
export function findService(id: string): ServiceCategory | undefined {
  return serviceCategories.find((service) => service.id === id);
}
