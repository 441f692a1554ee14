import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { technologies } from "~/content/home.ts";

const sprite = readFileSync(new URL("../../app/assets/tech-icons.svg", import.meta.url), "utf8");

describe("the technologies grid", () => {
  it("has exactly 16 distinct technologies", () => {
    expect(technologies).toHaveLength(16);
    expect(new Set(technologies.map((technology) => technology.name)).size).toBe(16);
  });

  it("finds every mark in the image, each in its own view (run tools/build/generate-tech-icons.ts after editing the list)", () => {
    technologies.forEach(({ icon }, index) => {
      const y = index * 24;
      expect(sprite).toContain(
        `<view id="${icon}" viewBox="0 ${y} 24 24"/><path${y ? ` transform="translate(0 ${y})"` : ""} d="`,
      );
    });
    expect(sprite.match(/<view /g)).toHaveLength(technologies.length);
    expect(sprite).toMatch(
      new RegExp(`^<svg xmlns="http://www.w3.org/2000/svg" width="24" height="${technologies.length * 24}" `),
    );
  });
});
