/** docs/configuration.md is what the schema says, and the schema describes every variable it reads. */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  configurationGuide,
  describedVariables,
  GUIDE_COMMAND,
  GUIDE_PATH,
  markdownTable,
} from "../../config/guide.ts";
import { GROUPS } from "../../config/variables.ts";

describe("the configuration guide", () => {
  it("is the one the schema writes", () => {
    const committed = readFileSync(GUIDE_PATH, "utf8");
    expect(
      committed === configurationGuide(),
      `${GUIDE_PATH} differs from what config/schema.ts describes: run ${GUIDE_COMMAND} and commit it`,
    ).toBe(true);
  });

  it("gives every variable a section, a default, its allowed values and a meaning", () => {
    const variables = describedVariables();
    expect(variables.length).toBeGreaterThan(60);
    for (const { name, info } of variables) {
      expect(Object.keys(GROUPS), name).toContain(info.group);
      for (const field of [info.default, info.allowed, info.meaning]) expect(field.trim(), name).not.toBe("");
    }
    expect(new Set(variables.map(({ name }) => name)).size).toBe(variables.length);
  });

  it("names the settings every README row named", () => {
    const names = new Set(describedVariables().map(({ name }) => name));
    for (const name of [
      "PORT",
      "PUBLIC_URL",
      "FORCE_HTTPS",
      "TRUST_PROXY",
      "NODE_ENV",
      "BUILD_DIR",
      "MALLOC_ARENA_MAX",
      "SMTP_FROM",
      "PG_BIN",
      "CONTACT_LEASE_SECONDS",
      "CLUSTER_PG_DIR",
      "OBSERVATORY_DIR",
      "CHROMIUM_PATH",
      "SOAK_WRITERS",
      "BENCH_MIXED_WRITERS",
    ])
      expect(names, name).toContain(name);
  });

  it("pads table columns to one width and escapes pipes", () => {
    expect(markdownTable(["a", "long header"], [["x|y", "z"]])).toBe(
      ["| a    | long header |", "| ---- | ----------- |", "| x\\|y | z           |"].join("\n"),
    );
  });
});
