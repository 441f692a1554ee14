/**
 * The identifiers that make up public URLs. They are fixed by the product
 * specification; the content modules are checked against them.
 */
import { companySlug } from "../lib/slug.ts";

export const companyNames = ["Cheetah Network", "Werneck Group"] as const;
export const companySlugs = companyNames.map(companySlug);

export const projectSlugs = [
  "site-global-mode",
  "site-da-werneck-group",
  "site-da-família-werneck",
  "devstudio",
  "atendefly",
  "cheetah-network",
] as const;
export type ProjectSlug = (typeof projectSlugs)[number];

export const serviceIds = [
  "web-development",
  "mobile-development",
  "bot-development",
  "uiux-design",
  "cloud-solutions",
  "consulting",
] as const;
export type ServiceId = (typeof serviceIds)[number];

export const staticArticleIds = [
  "bot-discord",
  "fullstack-development",
  "cloud-solutions",
  "web-automation",
  "project-management",
] as const;
export type StaticArticleId = (typeof staticArticleIds)[number];
