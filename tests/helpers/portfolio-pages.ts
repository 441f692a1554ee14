/**
 * What the portfolio's pages show, as the browser tests see them drawn and
 * the server tests read them in the HTML: one list for both layers.
 */

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
