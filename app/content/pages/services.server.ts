/** The services list and each service's page in one language, as their loaders send them. */
import type { Lang } from "~/i18n/paths.ts";
import { currencyByLang, formatPriceFrom, priceAmount } from "~/lib/price.ts";
import { canViewClientProject } from "~/lib/status.ts";
import type { IconName } from "../icons.ts";
import type { Picture } from "../images.ts";
import { tr } from "../localized.ts";
import {
  type ClientProjectStatus,
  findService,
  type GradientStops,
  type Pricing,
  type ServiceCategory,
  serviceCategories,
} from "../services.ts";

/** A starting price in the page's currency: reais on Portuguese pages, dollars on English ones. */
export interface ServicePriceData {
  /** As people of the language write it, e.g. "R$ 2.500" or "$500". */
  amount: string;
  /** Hourly work says so next to the amount. */
  perHour: boolean;
  /** For structured data. */
  value: number;
  currency: (typeof currencyByLang)[Lang];
}

export interface ServiceCardData {
  id: string;
  icon: IconName;
  gradient: GradientStops;
  title: string;
  description: string;
  features: readonly string[];
  price: ServicePriceData;
  deliveryTime: string;
}

export interface ClientProjectData {
  title: string;
  client: string;
  description: string;
  image: Picture;
  technologies: readonly string[];
  /** The project's address, only for finished work (the rest is not shown off yet). */
  link: string | null;
  deliveryDate: string;
  status: ClientProjectStatus;
}

export interface ServicePageData extends ServiceCardData {
  requirements: readonly string[];
  technologies: readonly string[];
  clientProjects: readonly ClientProjectData[];
}

/**
 * A starting price in the language's currency.
 * @example servicePrice({ brl: 200, usd: 40, per: "hour" }, "en") // { amount: "$40", perHour: true, value: 40, currency: "USD" }
 */
export function servicePrice(pricing: Pricing, lang: Lang): ServicePriceData {
  return {
    amount: formatPriceFrom(pricing, lang),
    perHour: pricing.per === "hour",
    value: priceAmount(pricing, lang),
    currency: currencyByLang[lang],
  };
}

function serviceCard(service: ServiceCategory, lang: Lang): ServiceCardData {
  return {
    id: service.id,
    icon: service.icon,
    gradient: service.gradient,
    title: tr(service.title, lang),
    description: tr(service.description, lang),
    features: tr(service.features, lang),
    price: servicePrice(service.pricing, lang),
    deliveryTime: tr(service.deliveryTime, lang),
  };
}

export function servicesPage(lang: Lang): { services: readonly ServiceCardData[] } {
  return { services: serviceCategories.map((service) => serviceCard(service, lang)) };
}

/** The service with this id in one language, or undefined when there is none. */
export function servicePage(id: string, lang: Lang): ServicePageData | undefined {
  const service = findService(id);
  if (!service) return undefined;
  return {
    ...serviceCard(service, lang),
    requirements: tr(service.requirements, lang),
    technologies: service.technologies,
    clientProjects: service.clientProjects.map((project) => ({
      title: tr(project.title, lang),
      client: project.client,
      description: tr(project.description, lang),
      image: project.image,
      technologies: project.technologies,
      link: canViewClientProject(project.status) ? project.link : null,
      deliveryDate: tr(project.deliveryDate, lang),
      status: project.status,
    })),
  };
}
