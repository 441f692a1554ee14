/**
 * Content shown only on the home page. Projects, companies and partnerships
 * come from their own modules; this file holds what exists nowhere else.
 */
import type { Localized } from "./localized.ts";

export interface Technology {
  /** Accessible and visible name. */
  name: string;
  /**
   * The Simple Icons slug of its mark. The marks are drawn from one
   * self-hosted sprite (`node tools/build/generate-tech-icons.ts` rebuilds it), so
   * their path data never weighs on the page's JavaScript.
   */
  icon: string;
}

/** The technologies grid: exactly 16 tools. */
export const technologies = [
  { name: "TypeScript", icon: "typescript" },
  { name: "JavaScript", icon: "javascript" },
  { name: "React", icon: "react" },
  { name: "Next.js", icon: "nextdotjs" },
  { name: "Node.js", icon: "nodedotjs" },
  { name: "Express", icon: "express" },
  { name: "Tailwind CSS", icon: "tailwindcss" },
  { name: "HTML5", icon: "html5" },
  { name: "CSS", icon: "css" },
  { name: "Python", icon: "python" },
  { name: "PostgreSQL", icon: "postgresql" },
  { name: "MongoDB", icon: "mongodb" },
  { name: "Docker", icon: "docker" },
  { name: "Git", icon: "git" },
  { name: "Figma", icon: "figma" },
  { name: "Discord.js", icon: "discorddotjs" },
] as const satisfies readonly Technology[];

export interface Role {
  position: Localized;
  company: string;
  period: Localized;
  description: Localized;
}

/** The career path on the home page: two roles, most recent first. */
export const homeRoles = [
  {
    position: { pt: "Fundador & CEO", en: "Founder & CEO" },
    company: "Werneck Group",
    period: { pt: "2021 – presente", en: "2021 – present" },
    description: {
      pt: "Lidero o estúdio de software: arquitetura, desenvolvimento full-stack e gestão de projetos web, mobile e de automação para clientes no Brasil e no exterior.",
      en: "I lead the software studio: architecture, full-stack development and management of web, mobile and automation projects for clients in Brazil and abroad.",
    },
  },
  {
    position: { pt: "Fundador & Desenvolvedor", en: "Founder & Developer" },
    company: "Cheetah Network",
    period: { pt: "2017 – presente", en: "2017 – present" },
    description: {
      pt: "Criei uma rede de servidores de jogos com hospedagem própria, bots e painéis sob medida, atendendo uma comunidade de milhares de jogadores.",
      en: "I built a game-server network with its own hosting, bots and custom dashboards, serving a community of thousands of players.",
    },
  },
] as const satisfies readonly Role[];

export type AchievementIcon = "projects" | "companies" | "satisfaction" | "years";

export interface Achievement {
  icon: AchievementIcon;
  value: string;
  label: Localized;
}

/** Key achievements, with the product's figures. */
export const achievements = [
  { icon: "projects", value: "50+", label: { pt: "Projetos entregues", en: "Projects delivered" } },
  { icon: "companies", value: "2", label: { pt: "Empresas fundadas", en: "Companies founded" } },
  { icon: "satisfaction", value: "100%", label: { pt: "Clientes satisfeitos", en: "Client satisfaction" } },
  { icon: "years", value: "8+", label: { pt: "Anos de experiência", en: "Years of experience" } },
] as const satisfies readonly Achievement[];

export const experienceSummary: Localized = {
  pt: "Comecei programando bots e servidores de jogos e transformei essa paixão em carreira. Hoje uno código e negócio: entendo o problema, desenho a solução e entrego produtos rápidos, acessíveis e fáceis de manter.",
  en: "I started out coding bots and game servers and turned that passion into a career. Today I bring code and business together: I understand the problem, design the solution and ship products that are fast, accessible and easy to maintain.",
};

/** Three professional goals. */
export const goals = [
  {
    pt: "Levar o Werneck Group a atender clientes em toda a América Latina.",
    en: "Grow Werneck Group to serve clients across Latin America.",
  },
  {
    pt: "Formar novos desenvolvedores pela comunidade e por conteúdo aberto.",
    en: "Train new developers through the community and open content.",
  },
  {
    pt: "Concluir a graduação e aprofundar arquitetura de software em nuvem.",
    en: "Finish my degree and go deeper into cloud software architecture.",
  },
] as const satisfies readonly Localized[];

export interface HomeTestimonial {
  name: string;
  /** Shown in place of a photo. */
  initials: string;
  role: Localized;
  company: string;
  date: Localized;
  text: Localized;
  /** Who supervised the work the testimonial speaks of, shown as a 'supervised by' note. */
  supervisor: string;
}

/** The three testimonials on the home page. */
export const homeTestimonials = [
  {
    name: "Mariana Costa",
    initials: "MC",
    role: { pt: "Gerente de Produto", en: "Product Manager" },
    company: "Global Mode",
    date: { pt: "Março de 2024", en: "March 2024" },
    text: {
      pt: "Rafael entendeu nosso negócio em poucos dias e entregou um site rápido e bonito antes do prazo. A comunicação foi clara do começo ao fim.",
      en: "Rafael understood our business in a few days and delivered a fast, beautiful website ahead of schedule. Communication was clear from start to finish.",
    },
    supervisor: "Carlos Mendes",
  },
  {
    name: "Lucas Almeida",
    initials: "LA",
    role: { pt: "Líder Técnico", en: "Tech Lead" },
    company: "DevStudio",
    date: { pt: "Novembro de 2023", en: "November 2023" },
    text: {
      pt: "Código limpo, testes e documentação: trabalhar com o Rafael deixou nossa plataforma mais estável e o time mais confiante para evoluir.",
      en: "Clean code, tests and documentation: working with Rafael made our platform more stable and the team more confident to keep improving it.",
    },
    supervisor: "Patrícia Rocha",
  },
  {
    name: "Fernanda Lima",
    initials: "FL",
    role: { pt: "Coordenadora de Atendimento", en: "Customer Service Coordinator" },
    company: "Atendefly",
    date: { pt: "Junho de 2024", en: "June 2024" },
    text: {
      pt: "A automação que o Rafael construiu reduziu pela metade o tempo de resposta aos clientes. Ele sempre propõe soluções antes de ouvir o problema inteiro.",
      en: "The automation Rafael built halved our response time to customers. He always comes up with solutions before hearing the whole problem.",
    },
    supervisor: "Eduardo Santos",
  },
] as const satisfies readonly HomeTestimonial[];

export interface FaqEntry {
  question: Localized;
  answer: Localized;
}

/** The FAQ: exactly six questions. */
export const faq = [
  {
    question: { pt: "Quais serviços você oferece?", en: "What services do you offer?" },
    answer: {
      pt: "Desenvolvimento web e mobile, bots (Discord, WhatsApp e outros), design UI/UX, soluções em nuvem e consultoria técnica. Cada serviço tem prazos e preços de referência na página de serviços.",
      en: "Web and mobile development, bots (Discord, WhatsApp and more), UI/UX design, cloud solutions and technical consulting. Each service lists timelines and starting prices on the services page.",
    },
  },
  {
    question: { pt: "Quanto tempo leva para desenvolver um projeto?", en: "How long does a project take?" },
    answer: {
      pt: "Depende do escopo: um bot leva de 1 a 4 semanas, um site de 2 a 6 semanas e um aplicativo de 6 a 12 semanas. Você recebe um cronograma claro antes de começarmos.",
      en: "It depends on the scope: a bot takes 1 to 4 weeks, a website 2 to 6 weeks and an app 6 to 12 weeks. You get a clear schedule before we start.",
    },
  },
  {
    question: { pt: "Como funciona o orçamento?", en: "How does pricing work?" },
    answer: {
      pt: "Conversamos sobre a sua ideia, eu detalho o escopo e envio uma proposta com valor fechado e etapas de pagamento. Sem custos escondidos.",
      en: "We talk about your idea, I detail the scope and send a fixed-price proposal with payment milestones. No hidden costs.",
    },
  },
  {
    question: { pt: "Você atende clientes de fora do Brasil?", en: "Do you work with clients outside Brazil?" },
    answer: {
      pt: "Sim. Trabalho de forma remota, em português ou inglês, com clientes de qualquer lugar. Os preços são informados em reais ou em dólares.",
      en: "Yes. I work remotely, in Portuguese or English, with clients anywhere. Prices are quoted in Brazilian reais or US dollars.",
    },
  },
  {
    question: { pt: "Você oferece suporte depois da entrega?", en: "Do you offer support after delivery?" },
    answer: {
      pt: "Todo projeto inclui 30 dias de suporte para ajustes. Depois disso, ofereço planos de manutenção mensais para manter tudo atualizado e seguro.",
      en: "Every project includes 30 days of support for adjustments. After that, I offer monthly maintenance plans to keep everything up to date and secure.",
    },
  },
  {
    question: { pt: "Quais tecnologias você usa?", en: "Which technologies do you use?" },
    answer: {
      pt: "Principalmente TypeScript, React, Next.js, Node.js, Python, PostgreSQL e Docker, sempre escolhendo a ferramenta certa para o problema e não o contrário.",
      en: "Mainly TypeScript, React, Next.js, Node.js, Python, PostgreSQL and Docker, always picking the right tool for the problem rather than the other way around.",
    },
  },
] as const satisfies readonly FaqEntry[];
