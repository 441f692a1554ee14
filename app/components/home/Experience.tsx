import { Briefcase, Building2, CalendarClock, HeartHandshake, Rocket, Target } from "~/components/icons";
import { type AchievementIcon, achievements, experienceSummary, goals, homeRoles } from "~/content/home.ts";
import { tr } from "~/content/localized.ts";
import { useT } from "~/i18n";
import { Section } from "./Section.tsx";

const achievementIcons: Record<AchievementIcon, typeof Rocket> = {
  projects: Rocket,
  companies: Building2,
  satisfaction: HeartHandshake,
  years: CalendarClock,
};

export function Experience() {
  const { lang, t } = useT();
  const texts = t.home.experience;
  return (
    <Section id="experience" eyebrow={texts.eyebrow} heading={texts.heading} lead={texts.lead}>
      <div className="grid gap-10 lg:grid-cols-[1.1fr_1fr] lg:gap-16">
        <div>
          <h3 className="flex items-center gap-2 text-lg font-semibold">
            <Briefcase className="size-5 text-accent" aria-hidden="true" />
            {texts.careerPath}
          </h3>
          <ol className="mt-6 grid gap-6 border-l-2 border-line pl-6" data-testid="home-roles">
            {homeRoles.map((role) => (
              <li key={role.company} className="relative">
                <span
                  aria-hidden="true"
                  className="brand-gradient absolute -left-[33px] top-1.5 size-4 rounded-full ring-4 ring-bg"
                />
                <p className="text-sm font-medium text-accent">{tr(role.period, lang)}</p>
                <h4 className="mt-1 text-lg font-semibold">
                  {tr(role.position, lang)} <span className="text-fg-muted">· {role.company}</span>
                </h4>
                <p className="mt-2 leading-relaxed text-fg-muted">{tr(role.description, lang)}</p>
              </li>
            ))}
          </ol>

          <h3 className="mt-10 text-lg font-semibold">{texts.summaryTitle}</h3>
          <p className="mt-3 leading-relaxed text-fg-muted">{tr(experienceSummary, lang)}</p>
        </div>

        <div>
          <h3 className="text-lg font-semibold">{texts.achievements}</h3>
          <ul className="mt-6 grid grid-cols-2 gap-3" data-testid="home-achievements">
            {achievements.map((achievement) => {
              const Icon = achievementIcons[achievement.icon];
              return (
                <li key={achievement.icon} className="rounded-card border border-line bg-surface p-5">
                  <Icon className="size-6 text-accent" aria-hidden="true" />
                  {/* A figure, not a heading: a div, so it is not taken for one. */}
                  <div className="mt-3 text-3xl font-bold tracking-tight sm:text-4xl">
                    <span className="brand-gradient-text">{achievement.value}</span>
                  </div>
                  <p className="mt-1 text-sm text-fg-muted">{tr(achievement.label, lang)}</p>
                </li>
              );
            })}
          </ul>

          <h3 className="mt-10 flex items-center gap-2 text-lg font-semibold">
            <Target className="size-5 text-accent" aria-hidden="true" />
            {texts.goalsTitle}
          </h3>
          <ol className="mt-4 grid gap-3" data-testid="home-goals">
            {goals.map((goal, index) => (
              <li key={goal.en} className="flex gap-3 rounded-xl border border-line p-4">
                <span
                  aria-hidden="true"
                  className="grid size-7 shrink-0 place-items-center rounded-full bg-accent-soft font-mono text-sm font-semibold text-accent-soft-fg"
                >
                  {index + 1}
                </span>
                <span className="leading-relaxed text-fg-muted">{tr(goal, lang)}</span>
              </li>
            ))}
          </ol>
        </div>
      </div>
    </Section>
  );
}
