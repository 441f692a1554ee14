import { describe, expect, it } from "vitest";
import { companySlugs } from "~/content/ids.ts";
import { companySlug } from "~/lib/slug.ts";

describe("companySlug", () => {
  it.each([
    ["Cheetah Network", "cheetah-network"],
    ["Werneck Group", "werneck-group"],
    ["  Many   Spaces\tHere ", "many-spaces-here"],
    ["ALLCAPS", "allcaps"],
    ["Família Werneck", "família-werneck"],
  ])("%j -> %j", (name, slug) => {
    expect(companySlug(name)).toBe(slug);
  });

  it("gives the specification's two company slugs", () => {
    expect(companySlugs).toEqual(["cheetah-network", "werneck-group"]);
  });
});
