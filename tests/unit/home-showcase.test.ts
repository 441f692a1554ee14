import { describe, expect, it } from "vitest";
import { homeShowcase } from "~/lib/home-showcase.ts";

describe("homeShowcase", () => {
  it.each(["pt", "en"] as const)("picks 3 projects, 2 companies and 2 partnerships (%s)", (lang) => {
    const showcase = homeShowcase(lang);
    expect(showcase.projects).toHaveLength(3);
    expect(showcase.companies.map((company) => company.path)).toEqual([
      "/companies/cheetah-network",
      "/companies/werneck-group",
    ]);
    expect(showcase.partnerships).toHaveLength(2);
  });

  it("cuts each company's skills to three tags of at most 20 characters and counts the rest", () => {
    for (const company of homeShowcase("pt").companies) {
      expect(company.tags.shown).toHaveLength(Math.min(3, company.skills.length));
      for (const tag of company.tags.shown) expect(Array.from(tag).length).toBeLessThanOrEqual(20);
      expect(company.tags.more).toBe(Math.max(0, company.skills.length - 3));
    }
  });

  it("speaks the requested language", () => {
    expect(homeShowcase("pt").projects[0]?.title).not.toBe(homeShowcase("en").projects[0]?.title);
  });

  it("never links a project that is not online", () => {
    for (const project of homeShowcase("en").projects) expect(project.link).not.toBe("#");
  });
});
