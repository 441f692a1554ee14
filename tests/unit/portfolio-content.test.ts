import { describe, expect, it } from "vitest";
import { books } from "~/content/book.ts";
import { careerQuotes, careerStats, careerTimeline, careerValues, testimonials } from "~/content/career.ts";
import { certificates } from "~/content/certificates.ts";
import { community } from "~/content/community.ts";
import { companies, companyPath, findCompany } from "~/content/companies.ts";
import { course } from "~/content/course.ts";
import { companySlugs, projectSlugs, serviceIds } from "~/content/ids.ts";
import { homePartnerships, partnerships } from "~/content/partnerships.ts";
import { education, experience, hobbies, values } from "~/content/profile.ts";
import { findProject, projects } from "~/content/projects.ts";
import { findService, serviceCategories } from "~/content/services.ts";
import { hasVisitLink } from "~/lib/project-link.ts";

describe("the specification's fixed content", () => {
  it("has the two companies at their slugs", () => {
    expect(companies.map(companyPath)).toEqual(companySlugs.map((slug) => `/companies/${slug}`));
    expect(findCompany("werneck-group")?.name).toBe("Werneck Group");
    expect(findCompany("nope")).toBeUndefined();
  });

  it("has the six projects, in order, found typed or percent-encoded", () => {
    expect(projects.map((project) => project.slug)).toEqual([...projectSlugs]);
    expect(findProject("site-da-família-werneck")?.slug).toBe("site-da-família-werneck");
    expect(findProject(encodeURIComponent("site-da-família-werneck"))?.slug).toBe("site-da-família-werneck");
    expect(findProject("site-da-fami\u0301lia-werneck")?.slug).toBe("site-da-família-werneck");
    expect(findProject("nope")).toBeUndefined();
  });

  it("keeps Atendefly unpublished: link '#', in development, no visit link", () => {
    const atendefly = findProject("atendefly");
    expect(atendefly?.link).toBe("#");
    expect(atendefly?.deliveryDate).toEqual({ pt: "Em desenvolvimento", en: "In development" });
    expect(hasVisitLink(atendefly?.link)).toBe(false);
    expect(projects.filter((project) => hasVisitLink(project.link))).toHaveLength(5);
  });

  it.each([
    ["web-development", "2-6 semanas", "2-6 weeks", 2500, 500, "project"],
    ["mobile-development", "6-12 semanas", "6-12 weeks", 8000, 1600, "project"],
    ["bot-development", "1-4 semanas", "1-4 weeks", 1500, 300, "project"],
    ["uiux-design", "2-8 semanas", "2-8 weeks", 3000, 600, "project"],
    ["cloud-solutions", "1-3 semanas", "1-3 weeks", 2000, 400, "project"],
    ["consulting", "Flexível", "Flexible", 200, 40, "hour"],
  ])("prices %s from R$%i / $%i with its timeline", (id, pt, en, brl, usd, per) => {
    const service = findService(id);
    expect(service?.deliveryTime).toEqual({ pt, en });
    expect(service?.pricing).toEqual({ brl, usd, per });
  });

  it("has the six services, five features each in both languages", () => {
    expect(serviceCategories.map((service) => service.id)).toEqual([...serviceIds]);
    for (const service of serviceCategories) {
      expect(service.features.pt).toHaveLength(5);
      expect(service.features.en).toHaveLength(5);
    }
  });

  it("has every list at the size the pages promise", () => {
    expect(values).toHaveLength(3);
    expect(hobbies).toHaveLength(4);
    expect(experience.length).toBeGreaterThan(0);
    expect(education.length).toBeGreaterThan(0);
    expect(careerStats).toHaveLength(4);
    expect(careerTimeline).toHaveLength(5);
    expect(partnerships).toHaveLength(4);
    expect(careerValues).toHaveLength(4);
    expect(careerQuotes).toHaveLength(3);
    expect(testimonials).toHaveLength(6);
    expect(testimonials.filter((testimonial) => testimonial.featured)).toHaveLength(3);
    expect(certificates).toHaveLength(3);
    expect(books).toHaveLength(1);
    expect(course.subjects).toHaveLength(6);
    expect(course.projects).toHaveLength(4);
    expect(course.goals).toHaveLength(3);
    expect(course.timeline.map((step) => step.status)).toEqual(["completed", "completed", "current", "upcoming"]);
    expect(community.reasons).toHaveLength(4);
    expect(community.members).toBe("150k+");
  });

  it("features the hosting partner, then the Discord moderator role, on the home page", () => {
    expect(homePartnerships.map((partnership) => partnership.featured)).toEqual(["hosting", "moderator"]);
  });

  it("states the course figures", () => {
    expect(course.stats.map((stat) => stat.value.en)).toEqual(["2.5 years", "5th period", "On-campus", "In progress"]);
  });

  it("rates the book within 1 to 5", () => {
    for (const book of books) expect(book.rating).toBeGreaterThanOrEqual(1);
    for (const book of books) expect(book.rating).toBeLessThanOrEqual(5);
  });
});
