/** The course page's content: the degree in progress, its subjects, projects, goals and journey. */
import type { IconName } from "./icons.ts";
import type { Localized } from "./localized.ts";

export type CourseStepStatus = "completed" | "current" | "upcoming";

export interface CourseStat {
  label: Localized;
  value: Localized;
  icon: IconName;
}

export interface Subject {
  name: Localized;
  description: Localized;
  icon: IconName;
  /** Self-assessed progress, 0-100; kept for the owner's planning, not displayed. */
  progress: number;
}

export interface CourseProject {
  title: Localized;
  description: Localized;
  technologies: readonly string[];
}

export interface CourseStep {
  period: Localized;
  title: Localized;
  description: Localized;
  status: CourseStepStatus;
}

export const course = {
  name: { pt: "Bacharelado em Ciência da Computação", en: "BSc in Computer Science" },
  institution: "Universidade Federal de Pernambuco (UFPE)",
  description: {
    pt: "Faço Ciência da Computação no Centro de Informática da UFPE, em Recife. A faculdade me dá a teoria que o mercado não ensina: algoritmos, sistemas distribuídos e engenharia de software com método.",
    en: "I study Computer Science at UFPE's Informatics Centre in Recife. University gives me the theory the industry doesn't teach: algorithms, distributed systems and methodical software engineering.",
  },
  stats: [
    { label: { pt: "Duração", en: "Duration" }, value: { pt: "2,5 anos", en: "2.5 years" }, icon: "calendar" },
    { label: { pt: "Período", en: "Semester" }, value: { pt: "5º período", en: "5th period" }, icon: "graduation" },
    { label: { pt: "Modalidade", en: "Modality" }, value: { pt: "Presencial", en: "On-campus" }, icon: "building" },
    { label: { pt: "Progresso", en: "Progress" }, value: { pt: "Em andamento", en: "In progress" }, icon: "target" },
  ],
  subjects: [
    {
      name: { pt: "Algoritmos e Estruturas de Dados", en: "Algorithms and Data Structures" },
      description: {
        pt: "Complexidade, grafos, árvores e programação dinâmica.",
        en: "Complexity, graphs, trees and dynamic programming.",
      },
      icon: "cpu",
      progress: 90,
    },
    {
      name: { pt: "Engenharia de Software", en: "Software Engineering" },
      description: {
        pt: "Requisitos, arquitetura, testes e processos ágeis.",
        en: "Requirements, architecture, testing and agile processes.",
      },
      icon: "code",
      progress: 88,
    },
    {
      name: { pt: "Banco de Dados", en: "Databases" },
      description: {
        pt: "Modelagem relacional, SQL, transações e índices.",
        en: "Relational modelling, SQL, transactions and indexes.",
      },
      icon: "server",
      progress: 85,
    },
    {
      name: { pt: "Redes de Computadores", en: "Computer Networks" },
      description: {
        pt: "Protocolos da internet, TCP/IP, HTTP e segurança.",
        en: "Internet protocols, TCP/IP, HTTP and security.",
      },
      icon: "globe",
      progress: 80,
    },
    {
      name: { pt: "Sistemas Distribuídos", en: "Distributed Systems" },
      description: {
        pt: "Consistência, replicação, filas e tolerância a falhas.",
        en: "Consistency, replication, queues and fault tolerance.",
      },
      icon: "cloud",
      progress: 78,
    },
    {
      name: { pt: "Interação Humano-Computador", en: "Human-Computer Interaction" },
      description: {
        pt: "Usabilidade, acessibilidade e avaliação com usuários.",
        en: "Usability, accessibility and user evaluation.",
      },
      icon: "users",
      progress: 75,
    },
  ],
  projects: [
    {
      title: { pt: "Sistema de reservas do CIn", en: "CIn room booking system" },
      description: {
        pt: "Reserva de salas e laboratórios do centro, usada por professores e monitores.",
        en: "Booking of the centre's rooms and labs, used by lecturers and teaching assistants.",
      },
      technologies: ["React", "Node.js", "PostgreSQL"],
    },
    {
      title: { pt: "Simulador de escalonamento", en: "Scheduling simulator" },
      description: {
        pt: "Visualização interativa de algoritmos de escalonamento de processos.",
        en: "An interactive visualisation of process scheduling algorithms.",
      },
      technologies: ["TypeScript", "Canvas"],
    },
    {
      title: { pt: "Chat distribuído", en: "Distributed chat" },
      description: {
        pt: "Chat com réplicas em três nós e recuperação automática quando um nó cai.",
        en: "A chat with replicas on three nodes and automatic recovery when a node fails.",
      },
      technologies: ["Go", "gRPC", "Docker"],
    },
    {
      title: { pt: "Auditoria de acessibilidade", en: "Accessibility audit" },
      description: {
        pt: "Avaliação de acessibilidade de sites públicos de Recife, com relatório entregue à prefeitura.",
        en: "An accessibility evaluation of Recife's public websites, with a report delivered to the city hall.",
      },
      technologies: ["axe-core", "WCAG 2.2", "Lighthouse"],
    },
  ],
  goals: [
    {
      pt: "Concluir a graduação com um TCC sobre escalabilidade de servidores de jogos.",
      en: "Finish the degree with a thesis on scaling game servers.",
    },
    {
      pt: "Levar para o estúdio práticas de pesquisa e engenharia aprendidas na faculdade.",
      en: "Bring research and engineering practices from university into the studio.",
    },
    {
      pt: "Criar um programa de estágio com a UFPE para alunos dos primeiros períodos.",
      en: "Create an internship programme with UFPE for students in their first semesters.",
    },
  ],
  timeline: [
    {
      period: { pt: "2022.1", en: "2022.1" },
      title: { pt: "Ingresso na UFPE", en: "Admission to UFPE" },
      description: {
        pt: "Primeiro período: cálculo, lógica e programação.",
        en: "First semester: calculus, logic and programming.",
      },
      status: "completed",
    },
    {
      period: { pt: "2023", en: "2023" },
      title: { pt: "Ciclo básico concluído", en: "Core cycle completed" },
      description: {
        pt: "Estruturas de dados, arquitetura e banco de dados.",
        en: "Data structures, architecture and databases.",
      },
      status: "completed",
    },
    {
      period: { pt: "2024", en: "2024" },
      title: { pt: "5º período", en: "5th period" },
      description: {
        pt: "Sistemas distribuídos, redes e engenharia de software.",
        en: "Distributed systems, networks and software engineering.",
      },
      status: "current",
    },
    {
      period: { pt: "2026", en: "2026" },
      title: { pt: "TCC e formatura", en: "Thesis and graduation" },
      description: { pt: "Trabalho de conclusão sobre servidores de jogos.", en: "A final thesis on game servers." },
      status: "upcoming",
    },
  ],
} satisfies {
  name: Localized;
  institution: string;
  description: Localized;
  stats: readonly CourseStat[];
  subjects: readonly Subject[];
  projects: readonly CourseProject[];
  goals: readonly Localized[];
  timeline: readonly CourseStep[];
};
