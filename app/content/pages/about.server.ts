/** The About page's content in one language, as its loader sends it. */
import type { Lang } from "~/i18n/paths.ts";
import type { IconName } from "../icons.ts";
import type { Picture } from "../images.ts";
import { tr } from "../localized.ts";
import { education, experience, hobbies, profile, values } from "../profile.ts";

/** One entry of the experience or education timeline. */
export interface TimelineEntry {
  key: string;
  title: string;
  subtitle: string;
  period: string;
  text: string;
}

export interface AboutPageData {
  avatar: Picture;
  role: string;
  bio: readonly string[];
  facts: readonly { label: string; value: string }[];
  careerSummary: readonly string[];
  experience: readonly TimelineEntry[];
  education: readonly TimelineEntry[];
  values: readonly { icon: IconName; title: string; description: string }[];
  hobbies: readonly { icon: IconName; name: string }[];
}

export function aboutPage(lang: Lang): AboutPageData {
  return {
    avatar: profile.avatar,
    role: tr(profile.role, lang),
    bio: tr(profile.bio, lang),
    facts: profile.facts.map((fact) => ({ label: tr(fact.label, lang), value: tr(fact.value, lang) })),
    careerSummary: tr(profile.careerSummary, lang),
    experience: experience.map((item) => ({
      key: item.company,
      title: tr(item.position, lang),
      subtitle: item.company,
      period: tr(item.period, lang),
      text: tr(item.description, lang),
    })),
    education: education.map((item) => ({
      key: item.title.en,
      title: tr(item.title, lang),
      subtitle: item.institution,
      period: tr(item.period, lang),
      text: tr(item.description, lang),
    })),
    values: values.map((value) => ({
      icon: value.icon,
      title: tr(value.title, lang),
      description: tr(value.description, lang),
    })),
    hobbies: hobbies.map((hobby) => ({ icon: hobby.icon, name: tr(hobby.name, lang) })),
  };
}
