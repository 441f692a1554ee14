import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { SERVER_ENVIRONMENT, serverCommandArgs } from "./runtime/node-flags.ts";
import { chromiumArgs, findTestChromium } from "./tests/harness/chromium.ts";
import { hostFactor, limit } from "./tests/harness/host-speed.ts";
import { provideRunDir } from "./tests/harness/once-per-run.ts";
import { fakeGitHubEnv } from "./tools/fake-github/accounts.ts";

const executablePath = findTestChromium();
const port = Number(process.env.E2E_PORT || 4173);
const baseURL = `http://127.0.0.1:${port}`;
// Sign-in runs against the local fake GitHub; its port is separate so parallel runs do not collide.
const githubURL = `http://127.0.0.1:${Number(process.env.E2E_GITHUB_PORT || 4399)}`;
// The site's mail goes to a local sink (tests/harness/mail-sink), whose received mails tests read over HTTP.
const mailSmtpPort = Number(process.env.E2E_SMTP_PORT || 4025);
const mailSinkURL = `http://127.0.0.1:${Number(process.env.E2E_MAIL_PORT || 4026)}`;
process.env.E2E_MAIL_URL = mailSinkURL;
// Every run starts from an empty embedded database.
const dataDir = process.env.E2E_DATA_DIR || mkdtempSync(path.join(tmpdir(), "portfolio-e2e-"));
// The build `npm run test:e2e` makes (BUILD_DIR, as react-router.config.ts reads it).
const buildDir = process.env.BUILD_DIR || "build";
// Tests that check what was stored on disk (uploads) find the server's data directory here.
process.env.E2E_DATA_DIR = dataDir;
// What the run's processes share, made once (tests/harness/once-per-run.ts): the migrated embedded database that a
// seeded server's or a scenario's fresh one copies. Named by the suite for all its layers, or made here for this run.
const runDir = provideRunDir();
if (runDir.made) process.once("exit", () => rmSync(runDir.dir, { recursive: true, force: true }));
// The authors' sessions, signed in once per run (tests/e2e/sessions.setup.ts).
process.env.E2E_SESSIONS_DIR ||= mkdtempSync(path.join(tmpdir(), "portfolio-e2e-sessions-"));
// Measured once here; the workers this process starts inherit it (tests/harness/host-speed.ts).
hostFactor();

/**
 * The scenarios that start servers, builds or clusters of their own rather
 * than using the shared server: `npm run test:system` runs them, beside the
 * browser tests when the cores allow (tests/harness/suite.ts).
 */
const SYSTEM_SPECS = /tests[\\/]e2e[\\/](deploy[\\/]|fuzz[\\/]|shell[\\/](rebuild|too-many-requests)\.spec\.ts$)/;

/**
 * E2E_LAYER=browser runs the browser tests against the shared server,
 * E2E_LAYER=system the scenarios, which need only the fake GitHub; unset,
 * both. Two layers can run at once when each has its own fake GitHub port.
 */
const layer = process.env.E2E_LAYER;
if (layer !== undefined && layer !== "browser" && layer !== "system")
  throw new Error(`E2E_LAYER must be browser, system or unset, got "${layer}"`);

const desktop = { browserName: "chromium" as const, viewport: { width: 1280, height: 800 } };

/** Every author's session is signed in once (sessions.setup.ts) before the browser tests start. */
const browserProjects = [
  { name: "sessions", testMatch: /sessions\.setup\.ts$/, use: { browserName: "chromium" as const } },
  // A worker's tests share one context and page, reset between tests, where the options allow (`forgetWhatReuseKeeps`
  // in tests/e2e/fixtures.ts): a navigation costs Chromium about a third of a fresh page's CPU (decision 061).
  { name: "chromium", dependencies: ["sessions"], testIgnore: SYSTEM_SPECS, use: { ...desktop, reuseContext: true } },
];
// A scenario starts servers, clusters and builds of its own, and waits on them (a killed server's restart, the
// balancer's fail_timeout, a count that settles): three at a time, one running in the others' waits (decision 092).
const systemProjects = [{ name: "system", testMatch: SYSTEM_SPECS, use: desktop, workers: 3 }];

const fakeGitHub = {
  command: `node tools/fake-github/main.ts ${new URL(githubURL).port}`,
  url: `${githubURL}/health`,
  reuseExistingServer: false,
};

const mailSink = {
  command: "node tests/harness/mail-sink/main.ts",
  url: `${mailSinkURL}/health`,
  reuseExistingServer: false,
  env: { SMTP_PORT: String(mailSmtpPort), HTTP_PORT: new URL(mailSinkURL).port, HOST: "127.0.0.1" },
};

/** The production server on the production build, started as `npm run serve` does: what visitors get. */
const siteServer = {
  command: `node ${serverCommandArgs(buildDir).join(" ")}`,
  url: `${baseURL}/`,
  reuseExistingServer: false,
  timeout: limit(60_000),
  env: {
    ...SERVER_ENVIRONMENT,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    BUILD_DIR: buildDir,
    PUBLIC_URL: baseURL,
    ...fakeGitHubEnv(githubURL),
    // Every test signs in from 127.0.0.1; the limit itself is covered by unit tests.
    SIGN_IN_RATE_LIMIT: "10000",
    // Every test renders from 127.0.0.1 too: the flood limits are off here, and
    // tests/e2e/shell/too-many-requests.spec.ts starts a server of its own with them on.
    RENDER_RATE_LIMIT: "0",
    SEARCH_RATE_LIMIT: "0",
    UPLOAD_RATE_LIMIT: "0",
    // Contact messages and the newsletter are e-mailed to the local sink.
    SMTP_HOST: "127.0.0.1",
    SMTP_PORT: String(mailSmtpPort),
    SMTP_FROM: "blog@rafaelwerneck.dev",
    NEWSLETTER_RATE: "50/s,100000/h",
  },
};

export default defineConfig({
  testDir: "tests/e2e",
  // Each layer its own folder of results: Playwright empties it at start, under a layer running beside.
  outputDir: layer ? `test-results/${layer}` : "test-results",
  fullyParallel: true,
  // One worker more than a layer's two cores: a browser test waits on its page, the server and the network between
  // its steps, and a third worker's test runs in those waits (decision 090).
  workers: 3,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  // Under `npm test`, each test's time goes to a JSON report too, for the summary's slowest tests (SUITE_REPORT).
  reporter: [
    ["list"],
    ...(process.env.CI ? [["github"] as ["github"]] : []),
    ...(process.env.SUITE_REPORT
      ? [["json", { outputFile: process.env.SUITE_REPORT }] as ["json", { outputFile: string }]]
      : []),
  ],
  // Limits as they hold on a fast host, stretched by this host's measured slowness:
  // a test waits for states, and its limit only catches a hang. Twice what a test
  // or a state needs on a fast host, for a host busy with the suite's other layers.
  timeout: limit(60_000),
  expect: { timeout: limit(15_000) },
  use: {
    baseURL,
    // A trace records a snapshot and a screenshot at every action: kept for
    // every test, it cost a fifth of the browser layer's time here. The retry
    // of a failed test records one (`--trace on` records every test).
    trace: "on-first-retry",
    launchOptions: { ...(executablePath ? { executablePath } : {}), args: chromiumArgs },
  },
  projects: [...(layer === "system" ? [] : browserProjects), ...(layer === "browser" ? [] : systemProjects)],
  webServer: [fakeGitHub, ...(layer === "system" ? [] : [mailSink, siteServer])],
});
