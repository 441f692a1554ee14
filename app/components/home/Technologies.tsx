import techIcons from "~/assets/tech-icons.svg?url";
import { technologies } from "~/content/home.ts";
import { useT } from "~/i18n";
import { Section } from "./Section.tsx";

export function Technologies() {
  const { t } = useT();
  const texts = t.home.technologies;
  return (
    <Section id="technologies" eyebrow={texts.eyebrow} heading={texts.heading} lead={texts.lead} tinted>
      <ul className="grid grid-cols-2 gap-3 min-[420px]:grid-cols-3 sm:grid-cols-4 lg:grid-cols-8">
        {technologies.map((technology) => (
          <li
            key={technology.name}
            className="group flex flex-col items-center gap-3 rounded-card border border-line bg-bg px-3 py-5 text-center transition hover:-translate-y-1 hover:border-accent hover:shadow-md"
          >
            {/* An image loaded as the section nears the screen, never a request the first
                paint waits for (tools/build/generate-tech-icons.ts). */}
            <img
              src={`${techIcons}#${technology.icon}`}
              alt={technology.name}
              width={36}
              height={36}
              loading="lazy"
              decoding="async"
              className="size-9 transition group-hover:scale-110 dark:brightness-150"
            />
            <span aria-hidden="true" className="text-sm font-medium">
              {technology.name}
            </span>
          </li>
        ))}
      </ul>
    </Section>
  );
}
