/** The commands' and the bench's settings come from their schemas: defaults there, every wrong variable one line. */
import { describe, expect, it } from "vitest";
import { clusterSettings } from "../../config/commands.ts";
import { ConfigError, readSettings } from "../../config/read.ts";

/** The lines of the ConfigError reading `env` throws. */
function problems(read: () => unknown): readonly string[] {
  try {
    read();
  } catch (error) {
    if (error instanceof ConfigError) return error.lines;
    throw error;
  }
  throw new Error("no ConfigError");
}

describe("npm run cluster's settings", () => {
  it("have the schema's defaults", () => {
    const settings = readSettings(clusterSettings, {});
    expect(settings).toMatchObject({
      buildDir: "build",
      port: 8080,
      serverPorts: [3001, 3002],
      dataDir: undefined,
      databaseUrl: undefined,
      postgres: { port: 55433 },
      servers: { PUBLIC_URL: "http://127.0.0.1:8080", STORAGE_DRIVER: "postgres", WEB_CONCURRENCY: "1" },
    });
    expect(settings.servers.CONTACT_SECRET).toMatch(/^[0-9a-f]{64}$/);
    expect(Number.isInteger(settings.killSeed)).toBe(true);
  });

  it("take what is set, a blank value as unset", () => {
    const settings = readSettings(clusterSettings, {
      CLUSTER_PORT: " 8081 ",
      CLUSTER_SERVER_PORTS: "4001, 4002,4003",
      CLUSTER_DATA_DIR: "",
      KILL_SEED: "42",
      STORAGE_DRIVER: "disk",
      PUBLIC_URL: "https://example.com/",
    });
    expect(settings).toMatchObject({
      port: 8081,
      serverPorts: [4001, 4002, 4003],
      dataDir: undefined,
      killSeed: 42,
      servers: { PUBLIC_URL: "https://example.com", STORAGE_DRIVER: "disk" },
    });
  });

  it("name every wrong variable, one line each", () => {
    expect(
      problems(() =>
        readSettings(clusterSettings, { CLUSTER_PG_PORT: "0", KILL_SEED: "-1", WEB_CONCURRENCY: "0", PUBLIC_URL: "x" }),
      ),
    ).toEqual([
      'CLUSTER_PG_PORT: "0" is not a port number (1–65535)',
      'KILL_SEED: "-1" is not a whole number',
      'PUBLIC_URL: "x" is not an http(s) origin such as https://example.com (no path)',
      'WEB_CONCURRENCY: "0" is not a whole number of at least 1',
    ]);
  });
});
