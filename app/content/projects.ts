import type { ProjectSlug } from "./ids.ts";
import { type Picture, picture } from "./images.ts";
import type { Localized } from "./localized.ts";

export interface Project {
  slug: ProjectSlug;
  title: Localized;
  description: Localized;
  image: Picture;
  technologies: readonly string[];
  /** Public address of the running project; "#" while it is not online yet. */
  link: string;
  deliveryDate: Localized;
  duration: Localized;
  team: Localized;
  challenge: Localized;
  solution: Localized;
  features: Localized<readonly string[]>;
  results: Localized<readonly string[]>;
}

export const projects = [
  {
    slug: "site-global-mode",
    title: { pt: "Site Global Mode", en: "Global Mode Website" },
    description: {
      pt: "Site institucional e catálogo da Global Mode, marca de moda praia de Recife, com vitrine de coleções e contato direto por WhatsApp.",
      en: "Corporate website and catalogue for Global Mode, a Recife beachwear brand, with collection showcases and direct WhatsApp contact.",
    },
    image: picture("projects/site-global-mode"),
    technologies: ["React", "Next.js", "TypeScript", "Tailwind CSS", "Vercel"],
    link: "https://globalmode.com.br",
    deliveryDate: { pt: "Março de 2024", en: "March 2024" },
    duration: { pt: "6 semanas", en: "6 weeks" },
    team: { pt: "2 pessoas: desenvolvimento e design", en: "2 people: development and design" },
    challenge: {
      pt: "A marca vendia só pelo Instagram e perdia clientes que queriam ver a coleção completa, com preços e tamanhos, antes de chamar no WhatsApp.",
      en: "The brand sold only through Instagram and lost customers who wanted to see the whole collection, with prices and sizes, before messaging on WhatsApp.",
    },
    solution: {
      pt: "Um catálogo rápido, editável pela própria equipe, com páginas de coleção, filtros por tamanho e um botão que abre o WhatsApp já com o produto escolhido.",
      en: "A fast catalogue the team edits themselves, with collection pages, size filters and a button that opens WhatsApp with the chosen product already filled in.",
    },
    features: {
      pt: [
        "Catálogo com filtros por coleção e tamanho",
        "Pedido direto pelo WhatsApp",
        "Painel de edição sem código",
        "SEO local para Recife",
      ],
      en: [
        "Catalogue filtered by collection and size",
        "Orders straight to WhatsApp",
        "No-code editing panel",
        "Local SEO for Recife",
      ],
    },
    results: {
      pt: [
        "+65% de pedidos pelo WhatsApp em 3 meses",
        "Nota 98 de desempenho no Lighthouse",
        "Primeira página no Google para 'moda praia Recife'",
      ],
      en: [
        "+65% WhatsApp orders in 3 months",
        "Lighthouse performance score of 98",
        "First page on Google for 'beachwear Recife'",
      ],
    },
  },
  {
    slug: "site-da-werneck-group",
    title: { pt: "Site da Werneck Group", en: "Werneck Group Website" },
    description: {
      pt: "O site do estúdio Werneck Group: portfólio, serviços e um fluxo de orçamento que qualifica o contato antes da primeira reunião.",
      en: "The Werneck Group studio website: portfolio, services and a quote flow that qualifies the lead before the first meeting.",
    },
    image: picture("projects/site-da-werneck-group"),
    technologies: ["React Router", "TypeScript", "Tailwind CSS", "Node.js", "PostgreSQL"],
    link: "https://werneckgroup.com.br",
    deliveryDate: { pt: "Agosto de 2023", en: "August 2023" },
    duration: { pt: "4 semanas", en: "4 weeks" },
    team: { pt: "3 pessoas do estúdio", en: "3 people from the studio" },
    challenge: {
      pt: "Mostrar a experiência do estúdio para clientes de setores muito diferentes e reduzir as reuniões com quem ainda não tinha escopo ou orçamento definido.",
      en: "Show the studio's experience to clients from very different industries and cut meetings with people who had no scope or budget yet.",
    },
    solution: {
      pt: "Páginas de caso por setor, uma calculadora de prazo e faixa de preço e um formulário em etapas que chega ao time já organizado no CRM.",
      en: "Case pages by industry, a timeline and price-range calculator and a step-by-step form that reaches the team already organised in the CRM.",
    },
    features: {
      pt: [
        "Estudos de caso por setor",
        "Calculadora de prazo e preço",
        "Formulário de orçamento em etapas",
        "Integração com CRM",
      ],
      en: ["Case studies by industry", "Timeline and price calculator", "Step-by-step quote form", "CRM integration"],
    },
    results: {
      pt: [
        "40% menos reuniões sem fit",
        "Tempo médio de resposta caiu para 2 horas",
        "3x mais pedidos de orçamento qualificados",
      ],
      en: ["40% fewer meetings without fit", "Average reply time down to 2 hours", "3x more qualified quote requests"],
    },
  },
  {
    slug: "site-da-família-werneck",
    title: { pt: "Site da Família Werneck", en: "Werneck Family Website" },
    description: {
      pt: "Um site para a família Werneck guardar fotos, receitas e a árvore genealógica, com acesso privado para cada parente.",
      en: "A website where the Werneck family keeps photos, recipes and the family tree, with private access for every relative.",
    },
    image: picture("projects/site-da-familia-werneck"),
    technologies: ["Astro", "TypeScript", "Supabase", "Cloudflare", "Tailwind CSS"],
    link: "https://familiawerneck.com.br",
    deliveryDate: { pt: "Dezembro de 2023", en: "December 2023" },
    duration: { pt: "3 semanas", en: "3 weeks" },
    team: { pt: "Projeto solo", en: "Solo project" },
    challenge: {
      pt: "Reunir décadas de memórias espalhadas em grupos de WhatsApp e caixas de fotos, num lugar que avós e netos conseguissem usar.",
      en: "Gather decades of memories scattered across WhatsApp groups and photo boxes in one place that grandparents and grandchildren could both use.",
    },
    solution: {
      pt: "Uma interface de letras grandes e poucos botões, login por link no e-mail e um álbum que aceita fotos direto do celular.",
      en: "An interface with large type and few buttons, sign-in by e-mail link and an album that takes photos straight from the phone.",
    },
    features: {
      pt: [
        "Árvore genealógica interativa",
        "Álbum de fotos por década",
        "Livro de receitas da família",
        "Login sem senha",
      ],
      en: ["Interactive family tree", "Photo album by decade", "Family recipe book", "Password-free sign-in"],
    },
    results: {
      pt: ["Mais de 1.200 fotos digitalizadas", "48 parentes cadastrados", "Usado no Natal por três gerações"],
      en: ["Over 1,200 photos digitised", "48 relatives signed up", "Used at Christmas by three generations"],
    },
  },
  {
    slug: "devstudio",
    title: { pt: "DevStudio", en: "DevStudio" },
    description: {
      pt: "Plataforma de gestão para estúdios de desenvolvimento: projetos, horas, propostas e faturas num só painel.",
      en: "A management platform for development studios: projects, hours, proposals and invoices in one dashboard.",
    },
    image: picture("projects/devstudio"),
    technologies: ["React", "TypeScript", "Node.js", "PostgreSQL", "Docker", "AWS"],
    link: "https://devstudio.app",
    deliveryDate: { pt: "Junho de 2024", en: "June 2024" },
    duration: { pt: "4 meses", en: "4 months" },
    team: { pt: "4 pessoas: 3 desenvolvedores e 1 designer", en: "4 people: 3 developers and 1 designer" },
    challenge: {
      pt: "Pequenos estúdios controlavam horas numa planilha, propostas num editor de texto e cobranças num terceiro sistema, e perdiam margem sem perceber.",
      en: "Small studios tracked hours in a spreadsheet, proposals in a word processor and billing in a third system, and lost margin without noticing.",
    },
    solution: {
      pt: "Um painel único que liga proposta, projeto, horas e fatura, com alertas quando um projeto passa do orçamento combinado.",
      en: "One dashboard linking proposal, project, hours and invoice, with alerts when a project goes over its agreed budget.",
    },
    features: {
      pt: [
        "Propostas com modelo e assinatura",
        "Controle de horas por tarefa",
        "Faturas automáticas",
        "Alertas de orçamento",
        "Relatórios de margem",
      ],
      en: [
        "Proposals with templates and signature",
        "Time tracking per task",
        "Automatic invoices",
        "Budget alerts",
        "Margin reports",
      ],
    },
    results: {
      pt: [
        "12 estúdios usando no primeiro trimestre",
        "Margem média +18% nos clientes",
        "Fechamento do mês em 1 hora em vez de 2 dias",
      ],
      en: [
        "12 studios using it in the first quarter",
        "Average client margin up 18%",
        "Month-end close in 1 hour instead of 2 days",
      ],
    },
  },
  {
    slug: "atendefly",
    title: { pt: "Atendefly", en: "Atendefly" },
    description: {
      pt: "Atendimento automatizado por chat para pequenos negócios: respostas com IA no WhatsApp e no site, com passagem para um humano.",
      en: "Automated chat customer service for small businesses: AI answers on WhatsApp and the website, with hand-off to a human.",
    },
    image: picture("projects/atendefly"),
    technologies: ["TypeScript", "Node.js", "OpenAI API", "WhatsApp Cloud API", "Redis", "PostgreSQL"],
    link: "#",
    deliveryDate: { pt: "Em desenvolvimento", en: "In development" },
    duration: { pt: "Previsão de 5 meses", en: "Planned at 5 months" },
    team: { pt: "3 desenvolvedores", en: "3 developers" },
    challenge: {
      pt: "Negócios pequenos respondem as mesmas perguntas dezenas de vezes por dia e perdem vendas fora do horário comercial.",
      en: "Small businesses answer the same questions dozens of times a day and lose sales outside business hours.",
    },
    solution: {
      pt: "Um assistente treinado com o catálogo e as regras de cada negócio, que responde na hora e chama um atendente quando a conversa pede.",
      en: "An assistant trained on each business's catalogue and rules that answers at once and calls a person in when the conversation needs it.",
    },
    features: {
      pt: [
        "Respostas com IA a partir do catálogo",
        "Caixa de entrada compartilhada",
        "Passagem para atendente humano",
        "Relatórios de conversas",
      ],
      en: ["AI answers from the catalogue", "Shared inbox", "Hand-off to a human agent", "Conversation reports"],
    },
    results: {
      pt: [
        "Piloto com 5 negócios em Recife",
        "70% das perguntas resolvidas sem atendente no piloto",
        "Lista de espera com 200 empresas",
      ],
      en: [
        "Pilot with 5 businesses in Recife",
        "70% of questions solved without an agent in the pilot",
        "Waiting list of 200 companies",
      ],
    },
  },
  {
    slug: "cheetah-network",
    title: { pt: "Cheetah Network", en: "Cheetah Network" },
    description: {
      pt: "A plataforma da rede de servidores de jogos Cheetah Network: site, loja, painel de hospedagem e bots da comunidade.",
      en: "The platform of the Cheetah Network game-server network: website, store, hosting panel and community bots.",
    },
    image: picture("projects/cheetah-network"),
    technologies: ["Next.js", "TypeScript", "Discord.js", "Java", "Docker", "Kubernetes"],
    link: "https://cheetahnetwork.com.br",
    deliveryDate: { pt: "Janeiro de 2022", en: "January 2022" },
    duration: { pt: "8 meses, com evolução contínua", en: "8 months, with ongoing work" },
    team: { pt: "5 pessoas entre desenvolvimento e moderação", en: "5 people across development and moderation" },
    challenge: {
      pt: "Manter dezenas de servidores de jogo no ar em horários de pico, com uma comunidade enorme pedindo eventos, suporte e novidades toda semana.",
      en: "Keep dozens of game servers online at peak hours, with a huge community asking for events, support and news every week.",
    },
    solution: {
      pt: "Infraestrutura em contêineres com escala automática, um painel para os donos de servidores e bots que cuidam de moderação, tickets e eventos.",
      en: "Container infrastructure with autoscaling, a panel for server owners and bots that handle moderation, tickets and events.",
    },
    features: {
      pt: [
        "Painel de hospedagem de servidores",
        "Loja com pagamentos por Pix",
        "Bots de moderação e tickets",
        "Escala automática em horários de pico",
      ],
      en: [
        "Server hosting panel",
        "Store with Pix payments",
        "Moderation and ticket bots",
        "Autoscaling at peak hours",
      ],
    },
    results: {
      pt: [
        "99,95% de disponibilidade em 2023",
        "150 mil+ membros na comunidade",
        "Tempo de resposta do suporte abaixo de 10 minutos",
      ],
      en: ["99.95% uptime in 2023", "150k+ community members", "Support reply time under 10 minutes"],
    },
  },
] satisfies readonly Project[];

/** The project at this slug, if any; the slug may arrive percent-encoded. */
export function findProject(slug: string): Project | undefined {
  const wanted = safeDecode(slug).normalize("NFC");
  return projects.find((project) => project.slug === wanted);
}

/** Language-neutral path of a project's page. */
export function projectPath(project: Pick<Project, "slug">): string {
  return `/projects/${project.slug}`;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
