import { describe, expect, it } from "vitest";
import { aboutPage } from "~/content/pages/about.server.ts";
import { careerPage } from "~/content/pages/career.server.ts";
import { certificatesPage } from "~/content/pages/certificates.server.ts";
import { coursePage } from "~/content/pages/course.server.ts";
import { communityPage } from "~/content/pages/discord.server.ts";
import { recommendationsPage } from "~/content/pages/recommendations.server.ts";
import { profile } from "~/content/profile.ts";
import { languages } from "~/i18n/paths.ts";
import { requestLang } from "~/lib/request-lang.ts";

/** Paths to every value still written in both languages: a page's data must hold one. */
function bilingualLeftovers(value: unknown, path = "$"): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => bilingualLeftovers(item, `${path}[${index}]`));
  if (value === null || typeof value !== "object") return [];
  const keys = Object.keys(value);
  if (keys.includes("pt") && keys.includes("en")) return [path];
  return Object.entries(value).flatMap(([key, item]) => bilingualLeftovers(item, `${path}.${key}`));
}

const pages = {
  about: aboutPage,
  career: careerPage,
  certificates: certificatesPage,
  course: coursePage,
  discord: communityPage,
  recommendations: recommendationsPage,
};

describe("requestLang", () => {
  it.each([
    ["https://site/about", "pt"],
    ["https://site/about.data", "pt"],
    ["https://site/en/about", "en"],
    ["https://site/en/about.data?_routes=en%3Aabout", "en"],
    ["https://site/en/projects/site-da-fam%C3%ADlia-werneck.data", "en"],
  ] as const)("%s -> %s", (url, lang) => {
    expect(requestLang(new Request(url))).toBe(lang);
  });
});

describe("page data", () => {
  for (const [name, build] of Object.entries(pages)) {
    it.each(languages)(`${name}: one language only (%s)`, (lang) => {
      expect(bilingualLeftovers(build(lang))).toEqual([]);
    });

    it(`${name}: differs between the languages, in the same shape`, () => {
      const pt = build("pt");
      const en = build("en");
      expect(JSON.stringify(pt)).not.toBe(JSON.stringify(en));
      expect(Object.keys(pt)).toEqual(Object.keys(en));
    });
  }
});

describe("aboutPage", () => {
  it("writes the profile in the page's language, with the resolved avatar", () => {
    const en = aboutPage("en");
    expect(en.role).toBe("Full-stack developer and founder");
    expect(aboutPage("pt").role).toBe("Desenvolvedor Full-Stack e fundador");
    expect(en.avatar).toEqual(profile.avatar);
    expect(en.avatar.src).toMatch(/\.webp$/);
    expect(en.values).toHaveLength(3);
    expect(en.hobbies).toHaveLength(4);
    expect(en.experience[0]).toEqual({
      key: "Werneck Group",
      title: "Founder and CEO",
      subtitle: "Werneck Group",
      period: "2021 - present",
      text: "I lead a 6-person studio: sales, project architecture and building the most critical parts.",
    });
  });
});

describe("careerPage", () => {
  it("keeps every list and gives each testimonial its initials", () => {
    const pt = careerPage("pt");
    expect(pt.stats.map((stat) => stat.value)).toEqual(["8+", "50+", "2", "100%"]);
    expect(pt.timeline).toHaveLength(5);
    expect(pt.partnerships).toHaveLength(4);
    expect(pt.values).toHaveLength(4);
    expect(pt.quotes).toHaveLength(3);
    expect(pt.testimonials).toHaveLength(6);
    expect(pt.testimonials[0]).toMatchObject({ name: "Mariana Albuquerque", initials: "MA" });
    expect(pt.partnerships[0]).toMatchObject({ name: "Vortex Host", role: "Parceiro oficial de hospedagem" });
    expect(careerPage("en").inclusion.points[0]).toBe("Websites and apps following WCAG 2.2 AA");
  });
});

describe("coursePage", () => {
  it("states the figures and leaves out the unpublished progress", () => {
    const en = coursePage("en");
    expect(en.stats.map((stat) => stat.value)).toEqual(["2.5 years", "5th period", "On-campus", "In progress"]);
    expect(en.subjects).toHaveLength(6);
    for (const subject of en.subjects) expect(subject).not.toHaveProperty("progress");
    expect(en.timeline.map((step) => step.status)).toEqual(["completed", "completed", "current", "upcoming"]);
    expect(en.goals).toHaveLength(3);
  });
});

describe("the smaller pages", () => {
  it("lists the certificates, the book and the community in the page's language", () => {
    expect(certificatesPage("en").certificates.map((certificate) => certificate.title)).toEqual([
      "AWS Certified Cloud Practitioner",
      "Advanced React",
      "Scrum Foundations Professional",
    ]);
    expect(recommendationsPage("pt").books[0]).toMatchObject({
      title: "Clean Code",
      category: "Engenharia de software",
    });
    expect(communityPage("en")).toMatchObject({ members: "150k+", name: "Cheetah Network" });
    expect(communityPage("pt").reasons.map((reason) => reason.title)).toEqual([
      "Ajuda com código",
      "Eventos semanais",
      "Networking e vagas",
      "Espaço seguro",
    ]);
  });
});
