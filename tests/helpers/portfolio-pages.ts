/**
 * What the portfolio's pages show, as the browser tests see them drawn and
 * the server tests read them in the HTML: one list for both layers.
 */

import { en } from "../../app/i18n/en.ts";
import { pt } from "../../app/i18n/pt.ts";

/** Every page of the specification's route table (Portuguese paths), with the heading each must show. */
export const routeTable: { path: string; heading: { pt: string; en: string } }[] = [
  { path: "/", heading: { pt: "Rafael Werneck", en: "Rafael Werneck" } },
  ...(
    [
      "about",
      "career",
      "companies",
      "projects",
      "services",
      "certificates",
      "contact",
      "recommendations",
      "course",
      "discord",
      "blog",
    ] as const
  ).map((key) => ({
    path: `/${key}`,
    heading: { pt: pt.pages[key].heading, en: en.pages[key].heading },
  })),
  { path: "/companies/cheetah-network", heading: { pt: "Cheetah Network", en: "Cheetah Network" } },
  { path: "/companies/werneck-group", heading: { pt: "Werneck Group", en: "Werneck Group" } },
  { path: "/projects/site-global-mode", heading: { pt: "Site Global Mode", en: "Global Mode Website" } },
  {
    path: "/projects/site-da-família-werneck",
    heading: { pt: "Site da Família Werneck", en: "Werneck Family Website" },
  },
  { path: "/services/web-development", heading: { pt: "Desenvolvimento Web", en: "Web Development" } },
  { path: "/services/consulting", heading: { pt: "Consultoria", en: "Consulting" } },
  { path: "/privacidade", heading: { pt: pt.pages.privacy.heading, en: en.pages.privacy.heading } },
  { path: "/blog/bot-discord", heading: { pt: "Como criar um bot para Discord", en: "How to build a Discord bot" } },
];

/** Portuguese paths of one page of each kind, each with its own title, description and Open Graph tags. */
export const pagesWithOwnHead = [
  "/about",
  "/career",
  "/companies",
  "/companies/werneck-group",
  "/projects",
  "/projects/devstudio",
  "/services",
  "/services/consulting",
  "/certificates",
  "/recommendations",
  "/course",
  "/discord",
  "/contact",
  "/privacidade",
];

/** Each service's price as its page shows it, in each language's currency. */
export const servicePrices = {
  pt: {
    "web-development": "R$ 2.500",
    "mobile-development": "R$ 8.000",
    "bot-development": "R$ 1.500",
    "uiux-design": "R$ 3.000",
    "cloud-solutions": "R$ 2.000",
    consulting: "R$ 200/hora",
  },
  en: {
    "web-development": "$500",
    "mobile-development": "$1,600",
    "bot-development": "$300",
    "uiux-design": "$600",
    "cloud-solutions": "$400",
    consulting: "$40/hour",
  },
} as const;
