/** The course page's content in one language, as its loader sends it. */
import type { Lang } from "~/i18n/paths.ts";
import { type CourseStepStatus, course } from "../course.ts";
import type { IconName } from "../icons.ts";
import { tr } from "../localized.ts";

export interface CoursePageData {
  name: string;
  institution: string;
  description: string;
  stats: readonly { icon: IconName; label: string; value: string }[];
  subjects: readonly { icon: IconName; name: string; description: string }[];
  projects: readonly { title: string; description: string; technologies: readonly string[] }[];
  goals: readonly string[];
  timeline: readonly { period: string; title: string; description: string; status: CourseStepStatus }[];
}

export function coursePage(lang: Lang): CoursePageData {
  return {
    name: tr(course.name, lang),
    institution: course.institution,
    description: tr(course.description, lang),
    stats: course.stats.map((stat) => ({ icon: stat.icon, label: tr(stat.label, lang), value: tr(stat.value, lang) })),
    // Each subject's self-assessed progress is for the owner's planning and stays out of the page.
    subjects: course.subjects.map((subject) => ({
      icon: subject.icon,
      name: tr(subject.name, lang),
      description: tr(subject.description, lang),
    })),
    projects: course.projects.map((project) => ({
      title: tr(project.title, lang),
      description: tr(project.description, lang),
      technologies: project.technologies,
    })),
    goals: course.goals.map((goal) => tr(goal, lang)),
    timeline: course.timeline.map((step) => ({
      period: tr(step.period, lang),
      title: tr(step.title, lang),
      description: tr(step.description, lang),
      status: step.status,
    })),
  };
}
