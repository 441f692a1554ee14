/** The About page's content: who the owner is, their path, values and hobbies. */
import type { IconName } from "./icons.ts";
import { type Picture, picture } from "./images.ts";
import type { Localized } from "./localized.ts";

export interface ExperienceItem {
  company: string;
  position: Localized;
  period: Localized;
  description: Localized;
}

export interface EducationItem {
  title: Localized;
  institution: string;
  period: Localized;
  description: Localized;
}

export interface Value {
  title: Localized;
  description: Localized;
  icon: IconName;
}

export interface Hobby {
  name: Localized;
  icon: IconName;
}

export interface Profile {
  avatar: Picture;
  role: Localized;
  /** Paragraphs of the profile tab. */
  bio: Localized<readonly string[]>;
  /** Short facts next to the bio. */
  facts: readonly { label: Localized; value: Localized }[];
  /** Paragraphs of the career tab, which leads on to the career page. */
  careerSummary: Localized<readonly string[]>;
}

export const profile = {
  avatar: picture("profile/avatar"),
  role: { pt: "Desenvolvedor Full-Stack e fundador", en: "Full-stack developer and founder" },
  bio: {
    pt: [
      "Sou o Rafael, desenvolvedor full-stack de Recife. Escrevo código desde os 14 anos, quando montei meu primeiro servidor de Minecraft e precisei de um bot para cuidar dele.",
      "Hoje lidero a Werneck Group, um estúdio que cria sites, apps e automações para empresas, e a Cheetah Network, uma rede de servidores de jogos com uma das maiores comunidades brasileiras no Discord.",
      "Gosto de produtos simples de usar, de código que o próximo dev entende e de prazos cumpridos. Fora do teclado, estou na praia, no frevo ou numa partida de xadrez.",
    ],
    en: [
      "I'm Rafael, a full-stack developer from Recife. I've been writing code since I was 14, when I set up my first Minecraft server and needed a bot to look after it.",
      "Today I lead Werneck Group, a studio that builds websites, apps and automations for businesses, and Cheetah Network, a game-server network with one of the largest Brazilian communities on Discord.",
      "I like products that are simple to use, code the next developer understands and deadlines that hold. Away from the keyboard, I'm at the beach, at a frevo party or in a game of chess.",
    ],
  },
  facts: [
    { label: { pt: "Localização", en: "Location" }, value: { pt: "Recife, Pernambuco", en: "Recife, Brazil" } },
    { label: { pt: "Experiência", en: "Experience" }, value: { pt: "8+ anos", en: "8+ years" } },
    { label: { pt: "Idiomas", en: "Languages" }, value: { pt: "Português e inglês", en: "Portuguese and English" } },
    {
      label: { pt: "Disponível para", en: "Available for" },
      value: { pt: "Projetos e consultoria", en: "Projects and consulting" },
    },
  ],
  careerSummary: {
    pt: [
      "Comecei com bots e servidores de jogos, passei por agência e startup e, em 2021, abri o meu próprio estúdio. Foram mais de 50 projetos entregues e duas empresas fundadas.",
      "A história completa, com a linha do tempo, as parcerias e o que dizem as pessoas com quem trabalhei, está na página de carreira.",
    ],
    en: [
      "I started with bots and game servers, went through an agency and a startup and, in 2021, opened my own studio. More than 50 projects delivered and two companies founded.",
      "The full story, with the timeline, the partnerships and what the people I've worked with say, is on the career page.",
    ],
  },
} satisfies Profile;

export const experience = [
  {
    company: "Werneck Group",
    position: { pt: "Fundador e CEO", en: "Founder and CEO" },
    period: { pt: "2021 - atual", en: "2021 - present" },
    description: {
      pt: "Lidero um estúdio de 6 pessoas: vendas, arquitetura dos projetos e desenvolvimento das partes mais críticas.",
      en: "I lead a 6-person studio: sales, project architecture and building the most critical parts.",
    },
  },
  {
    company: "Cheetah Network",
    position: { pt: "Fundador e CTO", en: "Founder and CTO" },
    period: { pt: "2019 - atual", en: "2019 - present" },
    description: {
      pt: "Cuido da infraestrutura, dos bots e da plataforma de uma rede de servidores de jogos com mais de 150 mil membros.",
      en: "I run the infrastructure, bots and platform of a game-server network with more than 150 thousand members.",
    },
  },
  {
    company: "Mangue Tech",
    position: { pt: "Desenvolvedor Full-Stack", en: "Full-stack developer" },
    period: { pt: "2019 - 2021", en: "2019 - 2021" },
    description: {
      pt: "Desenvolvi plataformas web em React e Node.js para clientes de saúde e educação numa startup do Porto Digital.",
      en: "Built React and Node.js web platforms for health and education clients at a Porto Digital startup.",
    },
  },
  {
    company: "Agência Frevo Digital",
    position: { pt: "Desenvolvedor Front-End", en: "Front-end developer" },
    period: { pt: "2017 - 2019", en: "2017 - 2019" },
    description: {
      pt: "Criei sites institucionais e landing pages para marcas do Nordeste, do layout ao ar.",
      en: "Built corporate websites and landing pages for brands in Brazil's Northeast, from layout to launch.",
    },
  },
] satisfies readonly ExperienceItem[];

export const education = [
  {
    title: { pt: "Bacharelado em Ciência da Computação", en: "BSc in Computer Science" },
    institution: "Universidade Federal de Pernambuco",
    period: { pt: "2022 - em andamento", en: "2022 - in progress" },
    description: {
      pt: "No 5º período, com foco em engenharia de software e sistemas distribuídos.",
      en: "In the 5th period, focused on software engineering and distributed systems.",
    },
  },
  {
    title: { pt: "Técnico em Desenvolvimento de Sistemas", en: "Technical degree in Systems Development" },
    institution: "ETE Porto Digital",
    period: { pt: "2015 - 2017", en: "2015 - 2017" },
    description: {
      pt: "Curso técnico integrado ao ensino médio, onde escrevi meus primeiros sistemas para clientes reais.",
      en: "A technical course alongside high school, where I wrote my first systems for real clients.",
    },
  },
  {
    title: { pt: "AWS Certified Cloud Practitioner", en: "AWS Certified Cloud Practitioner" },
    institution: "Amazon Web Services",
    period: { pt: "2023", en: "2023" },
    description: {
      pt: "Certificação em fundamentos de nuvem, segurança e custos na AWS.",
      en: "Certification in cloud fundamentals, security and costs on AWS.",
    },
  },
] satisfies readonly EducationItem[];

export const values = [
  {
    title: { pt: "Clareza", en: "Clarity" },
    description: {
      pt: "Prazos, preços e riscos ditos com todas as letras, antes de começar.",
      en: "Deadlines, prices and risks spelled out before we start.",
    },
    icon: "compass",
  },
  {
    title: { pt: "Qualidade", en: "Quality" },
    description: {
      pt: "Código testado, acessível e fácil de manter, mesmo quando o prazo aperta.",
      en: "Tested, accessible, maintainable code, even when the deadline is tight.",
    },
    icon: "shield",
  },
  {
    title: { pt: "Comunidade", en: "Community" },
    description: {
      pt: "Aprendi com quem compartilhou antes de mim; devolvo ensinando e moderando.",
      en: "I learned from people who shared before me; I give back by teaching and moderating.",
    },
    icon: "users",
  },
] satisfies readonly Value[];

export const hobbies = [
  { name: { pt: "Surfe nas praias de Pernambuco", en: "Surfing Pernambuco's beaches" }, icon: "waves" },
  { name: { pt: "Jogos e servidores de Minecraft", en: "Games and Minecraft servers" }, icon: "gamepad" },
  { name: { pt: "Frevo, maracatu e manguebeat", en: "Frevo, maracatu and manguebeat" }, icon: "music" },
  { name: { pt: "Café especial e xadrez", en: "Specialty coffee and chess" }, icon: "coffee" },
] satisfies readonly Hobby[];
