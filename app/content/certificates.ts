import { type Picture, picture } from "./images.ts";
import type { Localized } from "./localized.ts";

export interface Certificate {
  id: string;
  title: Localized;
  issuer: string;
  date: Localized;
  description: Localized;
  link: string;
  image: Picture;
}

export const certificates = [
  {
    id: "aws-cloud-practitioner",
    title: { pt: "AWS Certified Cloud Practitioner", en: "AWS Certified Cloud Practitioner" },
    issuer: "Amazon Web Services",
    date: { pt: "Setembro de 2023", en: "September 2023" },
    description: {
      pt: "Fundamentos de nuvem na AWS: serviços principais, segurança, arquitetura e gestão de custos.",
      en: "Cloud fundamentals on AWS: core services, security, architecture and cost management.",
    },
    link: "https://www.credly.com/badges/rafael-werneck-aws-cloud-practitioner",
    image: picture("certificates/aws-cloud-practitioner"),
  },
  {
    id: "meta-react",
    title: { pt: "React Avançado", en: "Advanced React" },
    issuer: "Meta",
    date: { pt: "Abril de 2023", en: "April 2023" },
    description: {
      pt: "Padrões avançados de React: hooks próprios, composição, desempenho e testes de componentes.",
      en: "Advanced React patterns: custom hooks, composition, performance and component testing.",
    },
    link: "https://www.coursera.org/account/accomplishments/verify/rafael-werneck-meta-react",
    image: picture("certificates/meta-react"),
  },
  {
    id: "scrum-foundations",
    title: { pt: "Scrum Foundations Professional", en: "Scrum Foundations Professional" },
    issuer: "CertiProf",
    date: { pt: "Janeiro de 2022", en: "January 2022" },
    description: {
      pt: "Papéis, eventos e artefatos do Scrum para conduzir projetos com entregas curtas e previsíveis.",
      en: "Scrum roles, events and artefacts for running projects with short, predictable deliveries.",
    },
    link: "https://certiprof.com/pages/verify/rafael-werneck-sfpc",
    image: picture("certificates/scrum-foundations"),
  },
] satisfies readonly Certificate[];
