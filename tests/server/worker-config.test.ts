/** WEB_CONCURRENCY: server processes on PostgreSQL, one per core unless set, checked like every variable. */
import { availableParallelism } from "node:os";
import { describe, expect, it } from "vitest";
import { ConfigError, readConfig } from "../../config/config.ts";

describe("WEB_CONCURRENCY", () => {
  it("is one per core by default, or the number set", () => {
    expect(readConfig({}).webConcurrency).toBe(availableParallelism());
    expect(readConfig({ WEB_CONCURRENCY: "" }).webConcurrency).toBe(availableParallelism());
    expect(readConfig({ WEB_CONCURRENCY: "3" }).webConcurrency).toBe(3);
    expect(readConfig({ WEB_CONCURRENCY: "1" }).webConcurrency).toBe(1);
  });

  it.each(["0", "-1", "two", "1.5"])("refuses %j with one line naming the variable", (value) => {
    expect(() => readConfig({ WEB_CONCURRENCY: value })).toThrow(ConfigError);
    try {
      readConfig({ WEB_CONCURRENCY: value });
    } catch (error) {
      expect((error as Error).message).toBe(`WEB_CONCURRENCY: "${value}" is not a whole number of at least 1`);
      expect((error as Error).message).not.toContain("\n");
    }
  });
});
