/** The career page's content: figures, story, timeline, values, quotes and testimonials. */
import type { IconName } from "./icons.ts";
import type { Localized } from "./localized.ts";

export interface Stat {
  value: string;
  label: Localized;
  icon: IconName;
}

export interface TimelineEvent {
  year: string;
  title: Localized;
  description: Localized;
  icon: IconName;
}

export interface CareerValue {
  title: Localized;
  description: Localized;
  icon: IconName;
}

export interface Quote {
  text: Localized;
  author: string;
}

export interface Testimonial {
  name: string;
  role: Localized;
  company: string;
  text: Localized;
  date: Localized;
  /** How the person knows the owner ("Supervised Rafael at ..."). */
  relation: Localized;
  /** Set on the three testimonials the home page shows. */
  featured?: true;
}

export const careerStats = [
  { value: "8+", label: { pt: "Anos de experiência", en: "Years of experience" }, icon: "calendar" },
  { value: "50+", label: { pt: "Projetos entregues", en: "Projects delivered" }, icon: "rocket" },
  { value: "2", label: { pt: "Empresas fundadas", en: "Companies founded" }, icon: "building" },
  { value: "100%", label: { pt: "Clientes satisfeitos", en: "Client satisfaction" }, icon: "heart" },
] satisfies readonly Stat[];

export const careerStory = {
  pt: [
    "Tudo começou em 2016, num computador emprestado e num servidor de Minecraft que não parava de cair. Para mantê-lo no ar, aprendi Java, depois Linux, depois a escrever bots que cuidavam da moderação enquanto eu estava na escola.",
    "Do hobby veio o primeiro trabalho: uma agência de Recife precisava de alguém para montar sites e eu precisava aprender com gente experiente. Dois anos depois, numa startup do Porto Digital, descobri o prazer de construir produtos inteiros, do banco de dados ao botão.",
    "Hoje divido a semana entre o estúdio, a Cheetah Network e a faculdade, e continuo com a mesma regra daquele primeiro servidor: se alguém depende do que eu fiz, tem que funcionar.",
  ],
  en: [
    "It all started in 2016, on a borrowed computer and a Minecraft server that kept crashing. To keep it online I learned Java, then Linux, then how to write bots that moderated while I was at school.",
    "The hobby brought the first job: a Recife agency needed someone to build websites and I needed to learn from experienced people. Two years later, at a Porto Digital startup, I discovered the joy of building whole products, from the database to the button.",
    "Today I split the week between the studio, Cheetah Network and university, and I still follow the rule of that first server: if someone depends on what I made, it has to work.",
  ],
} satisfies Localized<readonly string[]>;

export const whyCompanyStory = {
  pt: [
    "Trabalhando para outras empresas, vi muitos negócios pequenos pagarem caro por sites lentos, sem acesso ao próprio conteúdo e sem ninguém para chamar quando algo quebrava.",
    "A Werneck Group nasceu em 2021 para ser o estúdio que eu gostaria de contratar: preço claro antes de começar, entregas semanais que o cliente vê funcionando e um projeto que continua sendo dele no fim.",
  ],
  en: [
    "Working for other companies, I saw many small businesses pay a lot for slow websites, with no access to their own content and nobody to call when something broke.",
    "Werneck Group was born in 2021 to be the studio I would want to hire: a clear price before we start, weekly deliveries the client sees working, and a project that is still theirs at the end.",
  ],
} satisfies Localized<readonly string[]>;

export const careerTimeline = [
  {
    year: "2016",
    title: { pt: "O primeiro servidor", en: "The first server" },
    description: {
      pt: "Um servidor de Minecraft entre amigos vira escola de Java, Linux e bots.",
      en: "A Minecraft server among friends becomes a school of Java, Linux and bots.",
    },
    icon: "gamepad",
  },
  {
    year: "2017",
    title: { pt: "Primeiro emprego", en: "First job" },
    description: {
      pt: "Desenvolvedor front-end na Agência Frevo Digital, com sites para marcas do Nordeste.",
      en: "Front-end developer at Agência Frevo Digital, building websites for Northeast brands.",
    },
    icon: "briefcase",
  },
  {
    year: "2019",
    title: { pt: "Nasce a Cheetah Network", en: "Cheetah Network is born" },
    description: {
      pt: "O hobby vira empresa: hospedagem própria e uma comunidade que não para de crescer.",
      en: "The hobby becomes a company: its own hosting and a community that keeps growing.",
    },
    icon: "server",
  },
  {
    year: "2021",
    title: { pt: "Fundação da Werneck Group", en: "Werneck Group founded" },
    description: {
      pt: "Abro o estúdio para criar sites, apps e automações para empresas.",
      en: "I open the studio to build websites, apps and automations for businesses.",
    },
    icon: "rocket",
  },
  {
    year: "2024",
    title: { pt: "50 projetos entregues", en: "50 projects delivered" },
    description: {
      pt: "O estúdio passa dos 50 projetos e começa a desenvolver produtos próprios, como o Atendefly.",
      en: "The studio passes 50 projects and starts building its own products, such as Atendefly.",
    },
    icon: "trophy",
  },
] satisfies readonly TimelineEvent[];

export const careerValues = [
  {
    title: { pt: "Transparência", en: "Transparency" },
    description: {
      pt: "O cliente sabe o que está sendo feito, quanto custa e por quê.",
      en: "Clients know what is being done, what it costs and why.",
    },
    icon: "compass",
  },
  {
    title: { pt: "Aprendizado contínuo", en: "Continuous learning" },
    description: {
      pt: "Estudo toda semana e divido o que aprendo com a comunidade.",
      en: "I study every week and share what I learn with the community.",
    },
    icon: "graduation",
  },
  {
    title: { pt: "Entrega", en: "Delivery" },
    description: {
      pt: "Software bom é o que está no ar, ajudando alguém de verdade.",
      en: "Good software is software that is live, actually helping someone.",
    },
    icon: "zap",
  },
  {
    title: { pt: "Inclusão", en: "Inclusion" },
    description: {
      pt: "Produtos acessíveis e times onde todo mundo tem espaço para crescer.",
      en: "Accessible products and teams where everyone has room to grow.",
    },
    icon: "heart",
  },
] satisfies readonly CareerValue[];

export const careerQuotes = [
  {
    text: {
      pt: "Primeiro resolva o problema. Depois escreva o código.",
      en: "First, solve the problem. Then, write the code.",
    },
    author: "John Johnson",
  },
  {
    text: {
      pt: "Qualquer tolo escreve código que um computador entende. Bons programadores escrevem código que humanos entendem.",
      en: "Any fool can write code that a computer can understand. Good programmers write code that humans can understand.",
    },
    author: "Martin Fowler",
  },
  {
    text: {
      pt: "Simplicidade é pré-requisito para confiabilidade.",
      en: "Simplicity is prerequisite for reliability.",
    },
    author: "Edsger W. Dijkstra",
  },
] satisfies readonly Quote[];

export const testimonials = [
  {
    name: "Mariana Albuquerque",
    role: { pt: "Diretora de Tecnologia", en: "Chief Technology Officer" },
    company: "Mangue Tech",
    text: {
      pt: "Rafael pegava os problemas que ninguém queria e voltava com uma solução simples e bem testada. Virou referência do time em pouco tempo.",
      en: "Rafael took the problems nobody wanted and came back with a simple, well-tested solution. He became the team's reference in no time.",
    },
    date: { pt: "Março de 2021", en: "March 2021" },
    relation: { pt: "Supervisionou Rafael na Mangue Tech", en: "Supervised Rafael at Mangue Tech" },
    featured: true,
  },
  {
    name: "Carlos Menezes",
    role: { pt: "Diretor de Criação", en: "Creative Director" },
    company: "Agência Frevo Digital",
    text: {
      pt: "Entregava o layout exatamente como desenhado, e ainda sugeria melhorias de usabilidade que os clientes adoravam.",
      en: "He delivered layouts exactly as designed, and still suggested usability improvements that clients loved.",
    },
    date: { pt: "Junho de 2019", en: "June 2019" },
    relation: { pt: "Supervisionou Rafael na Agência Frevo Digital", en: "Supervised Rafael at Agência Frevo Digital" },
    featured: true,
  },
  {
    name: "Juliana Cavalcanti",
    role: { pt: "Sócia-fundadora", en: "Founding partner" },
    company: "Global Mode",
    text: {
      pt: "O site ficou lindo e as vendas pelo WhatsApp subiram no primeiro mês. O Rafael explica tudo sem complicar.",
      en: "The website looks beautiful and WhatsApp sales went up in the first month. Rafael explains everything without complicating it.",
    },
    date: { pt: "Maio de 2024", en: "May 2024" },
    relation: { pt: "Cliente da Werneck Group", en: "Werneck Group client" },
    featured: true,
  },
  {
    name: "Pedro Lins",
    role: { pt: "Professor de Engenharia de Software", en: "Software Engineering lecturer" },
    company: "UFPE",
    text: {
      pt: "Um aluno que traz a experiência de mercado para a sala e ajuda os colegas a tirarem os projetos do papel.",
      en: "A student who brings industry experience into the classroom and helps classmates get their projects off the ground.",
    },
    date: { pt: "Dezembro de 2023", en: "December 2023" },
    relation: { pt: "Professor de Rafael na UFPE", en: "Rafael's lecturer at UFPE" },
  },
  {
    name: "Beatriz Rocha",
    role: { pt: "Gerente de Produto", en: "Product Manager" },
    company: "Conta Azulejo",
    text: {
      pt: "Trabalhar com o estúdio foi previsível do começo ao fim: cada sexta tínhamos algo novo para testar com usuários.",
      en: "Working with the studio was predictable from start to finish: every Friday we had something new to test with users.",
    },
    date: { pt: "Agosto de 2024", en: "August 2024" },
    relation: { pt: "Cliente da Werneck Group", en: "Werneck Group client" },
  },
  {
    name: "Thiago Barreto",
    role: { pt: "Administrador da comunidade", en: "Community administrator" },
    company: "Comunidade DevBR",
    text: {
      pt: "Como moderador, o Rafael é firme e gentil ao mesmo tempo. Os bots dele seguram o servidor nos dias de maior movimento.",
      en: "As a moderator, Rafael is firm and kind at once. His bots hold the server together on the busiest days.",
    },
    date: { pt: "Fevereiro de 2024", en: "February 2024" },
    relation: { pt: "Coordena Rafael na moderação da DevBR", en: "Coordinates Rafael's moderation at DevBR" },
  },
] satisfies readonly Testimonial[];

export const inclusion = {
  title: { pt: "Tecnologia para todo mundo", en: "Technology for everyone" },
  text: {
    pt: "Cresci vendo talento sobrar e oportunidade faltar na periferia de Recife. Por isso, todo projeto do estúdio segue as diretrizes de acessibilidade, e parte das vagas de estágio é reservada para pessoas que estão começando sem diploma.",
    en: "I grew up seeing talent abound and opportunity lack on the outskirts of Recife. That's why every studio project follows accessibility guidelines, and part of our internships is reserved for people starting out without a degree.",
  },
  points: {
    pt: [
      "Sites e apps seguindo a WCAG 2.2 AA",
      "Mentoria gratuita para iniciantes",
      "Estágios para quem está começando",
    ],
    en: [
      "Websites and apps following WCAG 2.2 AA",
      "Free mentoring for beginners",
      "Internships for people starting out",
    ],
  },
} satisfies { title: Localized; text: Localized; points: Localized<readonly string[]> };
