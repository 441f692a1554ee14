/** The commands' and the bench's settings come from their schemas: defaults there, every wrong variable one line. */
import { describe, expect, it } from "vitest";
import {
  audienceBenchSettings,
  benchSettings,
  floodBenchSettings,
  fullBenchSettings,
  mixedBenchSettings,
  newsletterBenchSettings,
  pagesBenchSettings,
  tapsBenchSettings,
} from "../../config/bench.ts";
import { clusterSettings, fontSettings, localSignInSettings, observatorySettings } from "../../config/commands.ts";
import { describedVariables } from "../../config/guide.ts";
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

describe("the bench's settings", () => {
  it("have the schema's defaults, the release gate's", () => {
    expect(readSettings(fullBenchSettings, {})).toMatchObject({
      runs: 3,
      routes: "full",
      durationSeconds: 10,
      connections: 50,
      buildDir: "build-bench",
      databaseUrl: undefined,
      lhrDir: undefined,
      skipBuild: false,
      mixed: { seconds: 60, readers: 200, writers: 10 },
      floodRate: 2000,
      fixedSlowdowns: [8.4],
    });
    expect(readSettings(tapsBenchSettings, {})).toMatchObject({
      langs: ["pt", "en"],
      floor: true,
      fixedSlowdowns: [4, 7.2],
    });
    expect(readSettings(pagesBenchSettings, {})).toMatchObject({ paths: undefined, floor: true, failOnBudget: false });
    expect(readSettings(newsletterBenchSettings, {})).toMatchObject({ readers: 10_000, rate: "1000/s,100000000/h" });
    expect(readSettings(audienceBenchSettings, {})).toMatchObject({ views: 10_000_000, rounds: 5 });
  });

  it("read what the commands document", () => {
    expect(
      readSettings(pagesBenchSettings, {
        BENCH_PATHS: "/about/, /en/blog,/about",
        BENCH_FLOOR: "0",
        BENCH_SKIP_BUILD: "1",
      }),
    ).toMatchObject({ paths: ["/about", "/en/blog"], floor: false, skipBuild: true });
    expect(
      readSettings(tapsBenchSettings, { BENCH_TAPS_LANGS: "en", BENCH_TAPS_FLOOR: "0", BENCH_CPU_SLOWDOWN: "3.5" }),
    ).toMatchObject({ langs: ["en"], floor: false, cpuSlowdown: 3.5 });
    expect(readSettings(tapsBenchSettings, { BENCH_TAPS_FIXED_SLOWDOWNS: "7.2, 4,7.2" }).fixedSlowdowns).toEqual([
      7.2, 4,
    ]);
    expect(readSettings(fullBenchSettings, { BENCH_FIXED_SLOWDOWN: "none" }).fixedSlowdowns).toEqual([]);
    expect(readSettings(newsletterBenchSettings, { BENCH_NEWSLETTER_RATE: "10/s, 500/h" }).rate).toBe("10/s,500/h");
  });

  it.each([
    [
      mixedBenchSettings,
      { BENCH_MIXED_READERS: "0", BENCH_RUNS: "many" },
      [
        'BENCH_RUNS: "many" is not a whole number of at least 1',
        'BENCH_MIXED_READERS: "0" is not a whole number of at least 1',
      ],
    ],
    [
      pagesBenchSettings,
      { BENCH_PATHS: "about", BENCH_FLOOR: "maybe" },
      [
        'BENCH_PATHS: "about" is not page paths separated by commas, each starting with /',
        'BENCH_FLOOR: "maybe" is not true or false',
      ],
    ],
    [
      tapsBenchSettings,
      { BENCH_TAPS_LANGS: "pt,fr", BENCH_CPU_SLOWDOWN: "0", BENCH_TAPS_FIXED_SLOWDOWNS: "4,fast" },
      [
        'BENCH_TAPS_LANGS: "pt,fr" is not pt, en or both, separated by commas',
        'BENCH_CPU_SLOWDOWN: "0" is not a number above 0',
        'BENCH_TAPS_FIXED_SLOWDOWNS: "4,fast" is not numbers above 0 separated by commas, or none',
      ],
    ],
    [
      newsletterBenchSettings,
      { BENCH_NEWSLETTER_RATE: "fast", DATABASE_URL: " " },
      ['BENCH_NEWSLETTER_RATE: "fast" is not a sending rate such as 5/s,1000/h (per second, then per hour)'],
    ],
    [benchSettings, { BENCH_ROUTES: "some" }, ['BENCH_ROUTES: "some" is not full or quick']],
  ] as const)("refuse a wrong variable with one line each (%#)", (schema, env, lines) => {
    expect(problems(() => readSettings(schema, env))).toEqual(lines);
  });
});

describe("every command's variable", () => {
  it("is in the guide, in the section of its own schema or the server's", () => {
    const documented = new Set(describedVariables().map(({ name }) => name));
    const schemas = [
      clusterSettings,
      observatorySettings,
      localSignInSettings,
      fontSettings,
      benchSettings,
      fullBenchSettings,
      pagesBenchSettings,
      tapsBenchSettings,
      mixedBenchSettings,
      floodBenchSettings,
      newsletterBenchSettings,
      audienceBenchSettings,
    ];
    for (const schema of schemas)
      for (const name of Object.keys(schema.in.shape)) expect(documented, name).toContain(name);
  });
});
