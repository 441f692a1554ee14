import { describe, expect, it } from "vitest";
import { SKILL_TAG_MAX_LENGTH, skillTags } from "~/lib/skill-tags.ts";

describe("skillTags", () => {
  it("keeps the first three skills and counts the rest", () => {
    expect(skillTags(["React", "Node.js", "Docker", "AWS", "Figma"])).toEqual({
      shown: ["React", "Node.js", "Docker"],
      more: 2,
    });
  });

  it.each([
    ["exactly twenty chars", "exactly twenty chars"],
    ["Desenvolvimento de bots para Discord", "Desenvolvimento de…"],
    ["Cloud infrastructure design", "Cloud infrastructur…"],
    ["Infraestrutura em nuvem", "Infraestrutura em n…"],
    ["Short", "Short"],
  ])("%j is shown as %j", (skill, tag) => {
    const [shown] = skillTags([skill]).shown;
    expect(shown).toBe(tag);
    expect(Array.from(shown ?? "").length).toBeLessThanOrEqual(SKILL_TAG_MAX_LENGTH);
  });

  it("has nothing more when there are three or fewer", () => {
    expect(skillTags(["A", "B", "C"]).more).toBe(0);
    expect(skillTags([])).toEqual({ shown: [], more: 0 });
  });
});
