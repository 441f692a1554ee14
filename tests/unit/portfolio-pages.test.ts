import { describe, expect, it } from "vitest";
import { aboutPage } from "~/content/pages/about.server.ts";
import { careerPage } from "~/content/pages/career.server.ts";
import { certificatesPage } from "~/content/pages/certificates.server.ts";
import { companiesPage, companyPage } from "~/content/pages/companies.server.ts";
import { coursePage } from "~/content/pages/course.server.ts";
import { communityPage } from "~/content/pages/discord.server.ts";
import { privacyPage } from "~/content/pages/privacy.server.ts";
import { projectPage, projectsPage } from "~/content/pages/projects.server.ts";
import { recommendationsPage } from "~/content/pages/recommendations.server.ts";
import { servicePage, servicePrice, servicesPage } from "~/content/pages/services.server.ts";
import { profile } from "~/content/profile.ts";
import { type Lang, languages } from "~/i18n/paths.ts";
import { FLASH_COOKIE, SIGNED_IN_COOKIE } from "~/lib/auth-cookies.ts";
import { keepDataOnSamePath } from "~/lib/page-data.ts";
import { requestLang } from "~/lib/request-lang.ts";
import { publicPaths } from "~/routing/pages.ts";
import { SECURE_SESSION_COOKIE } from "~/server/auth/cookies.server.ts";
import { SESSION_TTL_MS } from "~/server/auth/session.server.ts";
import { MIN_FILL_MS, STARTED_COOKIE, STARTED_MAX_AGE_MS } from "~/server/contact/started.server.ts";

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
  companies: companiesPage,
  company: (lang: Lang) => companyPage("werneck-group", lang),
  projects: projectsPage,
  project: (lang: Lang) => projectPage("devstudio", lang),
  services: servicesPage,
  service: (lang: Lang) => servicePage("consulting", lang),
  course: coursePage,
  discord: communityPage,
  recommendations: recommendationsPage,
  privacy: privacyPage,
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

describe("keepDataOnSamePath", () => {
  const check = (from: string, to: string, defaultShouldRevalidate: boolean) =>
    keepDataOnSamePath({
      currentUrl: new URL(from, "https://site"),
      nextUrl: new URL(to, "https://site"),
      defaultShouldRevalidate,
    });

  it("keeps the data when only the hash or the query changes", () => {
    expect(check("/en/about#career", "/en/about", true)).toBe(false);
    expect(check("/en/about", "/en/about?ref=x#education", true)).toBe(false);
  });

  it("leaves any other navigation to the router", () => {
    expect(check("/projects/devstudio", "/projects/atendefly", true)).toBe(true);
    expect(check("/projects/devstudio", "/projects/atendefly", false)).toBe(false);
  });
});

describe("page data", () => {
  for (const [name, build] of Object.entries(pages)) {
    it.each(languages)(`${name}: one language only (%s)`, (lang) => {
      expect(bilingualLeftovers(build(lang))).toEqual([]);
    });

    it(`${name}: differs between the languages, in the same shape`, () => {
      const pt = build("pt") ?? {};
      const en = build("en") ?? {};
      expect(Object.keys(pt).length).toBeGreaterThan(0);
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

// Intl writes a no-break space between "R$" and the amount.
const plain = (text: string | undefined) => text?.replace(/\u00a0/g, " ");

describe("companies", () => {
  it("links each card to its company's page", () => {
    expect(companiesPage("en").companies.map((company) => company.path)).toEqual([
      "/companies/cheetah-network",
      "/companies/werneck-group",
    ]);
  });

  it("lists only the networks a company is on, in the page's order", () => {
    expect(companyPage("werneck-group", "pt")?.socials.map((social) => social.network)).toEqual([
      "website",
      "github",
      "facebook",
      "instagram",
      "linkedin",
    ]);
    expect(companyPage("cheetah-network", "en")?.socials.map((social) => social.network)).toEqual([
      "website",
      "github",
      "youtube",
      "instagram",
      "twitter",
    ]);
    expect(companyPage("werneck-group", "en")).toMatchObject({ role: "Founder and CEO", founded: "2021" });
  });

  it("has no page for an unknown company", () => {
    expect(companyPage("acme-inc", "pt")).toBeUndefined();
  });
});

describe("projects", () => {
  it("cards carry the path, the language's texts and at most four technologies", () => {
    const cards = projectsPage("pt").projects;
    expect(cards).toHaveLength(6);
    expect(cards[2]).toMatchObject({ path: "/projects/site-da-família-werneck", title: "Site da Família Werneck" });
    expect(cards[3]?.technologies).toEqual(["React", "TypeScript", "Node.js", "PostgreSQL"]);
    for (const card of cards) expect(card.technologies.length).toBeLessThanOrEqual(4);
  });

  it("a project's page lists every technology and finds its slug typed or percent-encoded", () => {
    expect(projectPage("devstudio", "en")?.technologies).toHaveLength(6);
    expect(projectPage(encodeURIComponent("site-da-família-werneck"), "en")?.title).toBe("Werneck Family Website");
    expect(projectPage("nope", "en")).toBeUndefined();
  });

  it("gives no address for a project that is not online", () => {
    expect(projectPage("atendefly", "pt")).toMatchObject({ link: null, deliveryDate: "Em desenvolvimento" });
    expect(projectPage("devstudio", "pt")?.link).toBe("https://devstudio.app");
  });
});

describe("services", () => {
  it.each([
    ["pt", "web-development", "R$ 2.500", 2500, "BRL", false],
    ["en", "web-development", "$500", 500, "USD", false],
    ["pt", "mobile-development", "R$ 8.000", 8000, "BRL", false],
    ["en", "mobile-development", "$1,600", 1600, "USD", false],
    ["pt", "consulting", "R$ 200", 200, "BRL", true],
    ["en", "consulting", "$40", 40, "USD", true],
  ] as const)("%s %s costs from %s", (lang, id, amount, value, currency, perHour) => {
    const price = servicePage(id, lang)?.price;
    expect(plain(price?.amount)).toBe(amount);
    expect(price).toMatchObject({ value, currency, perHour });
  });

  it("prices every card in the page's currency", () => {
    expect(servicesPage("en").services.map((service) => service.price.amount)).toEqual([
      "$500",
      "$1,600",
      "$300",
      "$600",
      "$400",
      "$40",
    ]);
    expect(servicePrice({ brl: 1500, usd: 300, per: "project" }, "pt").currency).toBe("BRL");
  });

  it("gives five features per card and links only finished client work", () => {
    for (const service of servicesPage("pt").services) expect(service.features).toHaveLength(5);
    const web = servicePage("web-development", "en");
    expect(web?.clientProjects.map((project) => [project.status, project.link])).toEqual([
      ["completed", "https://clinicavida.com.br"],
      ["in-progress", null],
    ]);
    expect(web?.deliveryTime).toBe("2-6 weeks");
    expect(servicePage("nope", "en")).toBeUndefined();
  });
});

describe("privacyPage", () => {
  const texts = (lang: Lang) =>
    privacyPage(lang).sections.flatMap((section) =>
      section.blocks.flatMap((block) => ("paragraph" in block ? [block.paragraph] : block.list)),
    );
  const marks = (text: string) =>
    [...text.matchAll(/\]\((\/[^)]*)\)|`([^`]+)`|\{email\}/g)].map((m) => m[0].replace(/^\]/, ""));

  it("has the same sections, blocks and marks in both languages", () => {
    const [pt, en] = [privacyPage("pt"), privacyPage("en")];
    expect(pt.sections.map((section) => section.id)).toEqual(en.sections.map((section) => section.id));
    const shape = (lang: Lang) =>
      privacyPage(lang).sections.map((section) =>
        section.blocks.map((block) => ("paragraph" in block ? "p" : block.list.length)),
      );
    expect(shape("pt")).toEqual(shape("en"));
    expect(texts("pt").map(marks)).toEqual(texts("en").map(marks));
  });

  it("links only pages of the site and names the owner's address where a request goes", () => {
    for (const lang of languages) {
      for (const [, path] of texts(lang)
        .join("\n")
        .matchAll(/\]\((\/[^)]*)\)/g)) {
        expect(publicPaths).toContain(path);
      }
      expect(texts(lang).filter((text) => text.includes("{email}")).length).toBeGreaterThanOrEqual(3);
    }
  });

  it("states the figures and the cookie names the code uses", () => {
    const en = texts("en").join("\n");
    expect(en).toContain(`${SESSION_TTL_MS / 86_400_000} days`);
    expect(en).toContain(`${MIN_FILL_MS / 1000} seconds`);
    expect(en).toContain(`${STARTED_MAX_AGE_MS / 3_600_000} hours`);
    for (const cookie of [STARTED_COOKIE, SECURE_SESSION_COOKIE, SIGNED_IN_COOKIE, FLASH_COOKIE, "github_oauth"]) {
      expect(en).toContain(`\`${cookie}\``);
    }
    expect(privacyPage("pt").updated).toMatch(/^Atualizada em \d+ de \w+ de \d{4}\.$/);
  });

  it("speaks to a reader: Global Privacy Control honoured, and no operator's words", () => {
    for (const lang of languages) {
      const text = texts(lang).join("\n");
      expect(text).toContain("Global Privacy Control");
      for (const word of [
        "ANALYTICS",
        "PostgreSQL",
        "Sec-GPC",
        "nginx",
        "SHA-256",
        "localStorage",
        "HttpOnly",
        "hash",
      ]) {
        expect(text, `${lang}: ${word}`).not.toContain(word);
      }
    }
  });
});
