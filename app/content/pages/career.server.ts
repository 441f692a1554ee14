/** The career page's content in one language, as its loader sends it. */
import type { Lang } from "~/i18n/paths.ts";
import { type PartnershipCardData, partnershipCard } from "~/lib/home-showcase.ts";
import { initials } from "~/lib/initials.ts";
import {
  careerQuotes,
  careerStats,
  careerStory,
  careerTimeline,
  careerValues,
  inclusion,
  testimonials,
  whyCompanyStory,
} from "../career.ts";
import type { IconName } from "../icons.ts";
import { tr } from "../localized.ts";
import { partnerships } from "../partnerships.ts";

export interface CareerPageData {
  stats: readonly { icon: IconName; label: string; value: string }[];
  story: readonly string[];
  whyCompany: readonly string[];
  timeline: readonly { year: string; icon: IconName; title: string; description: string }[];
  partnerships: readonly PartnershipCardData[];
  values: readonly { icon: IconName; title: string; description: string }[];
  quotes: readonly { text: string; author: string }[];
  testimonials: readonly {
    name: string;
    /** Shown in the badge next to the name. */
    initials: string;
    role: string;
    company: string;
    relation: string;
    date: string;
    text: string;
  }[];
  inclusion: { title: string; text: string; points: readonly string[] };
}

export function careerPage(lang: Lang): CareerPageData {
  return {
    stats: careerStats.map((stat) => ({ icon: stat.icon, label: tr(stat.label, lang), value: stat.value })),
    story: tr(careerStory, lang),
    whyCompany: tr(whyCompanyStory, lang),
    timeline: careerTimeline.map((event) => ({
      year: event.year,
      icon: event.icon,
      title: tr(event.title, lang),
      description: tr(event.description, lang),
    })),
    partnerships: partnerships.map((partnership) => partnershipCard(partnership, lang)),
    values: careerValues.map((value) => ({
      icon: value.icon,
      title: tr(value.title, lang),
      description: tr(value.description, lang),
    })),
    quotes: careerQuotes.map((quote) => ({ text: tr(quote.text, lang), author: quote.author })),
    testimonials: testimonials.map((testimonial) => ({
      name: testimonial.name,
      initials: initials(testimonial.name),
      role: tr(testimonial.role, lang),
      company: testimonial.company,
      relation: tr(testimonial.relation, lang),
      date: tr(testimonial.date, lang),
      text: tr(testimonial.text, lang),
    })),
    inclusion: {
      title: tr(inclusion.title, lang),
      text: tr(inclusion.text, lang),
      points: tr(inclusion.points, lang),
    },
  };
}
