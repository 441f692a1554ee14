import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { technologies } from "~/content/home.ts";

const sprite = readFileSync(new URL("../../app/assets/tech-icons.svg", import.meta.url), "utf8");

describe("the technologies grid", () => {
  it("has exactly 16 distinct technologies", () => {
    expect(technologies).toHaveLength(16);
    expect(new Set(technologies.map((technology) => technology.name)).size).toBe(16);
  });

  it("finds every mark in the sprite (run tools/generate-tech-icons.ts after editing the list)", () => {
    for (const { icon } of technologies) expect(sprite).toContain(`<symbol id="${icon}" viewBox="0 0 24 24"><path d="`);
    expect(sprite.match(/<symbol /g)).toHaveLength(technologies.length);
  });
});
