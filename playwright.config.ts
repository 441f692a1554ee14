import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { SERVER_ENVIRONMENT, serverCommandArgs } from "./runtime/node-flags.ts";
import { chromiumArgs, findChromium } from "./tests/harness/chromium.ts";
import { fakeAuthorLogins, fakeClientId, fakeClientSecret } from "./tests/harness/fake-github/accounts.ts";

const executablePath = findChromium();
const port = Number(process.env.E2E_PORT || 4173);
const baseURL = `http://127.0.0.1:${port}`;
// Sign-in runs against the local fake GitHub; its port is separate so parallel runs do not collide.
const githubURL = `http://127.0.0.1:${Number(process.env.E2E_GITHUB_PORT || 4399)}`;
// Every run starts from an empty embedded database.
const dataDir = process.env.E2E_DATA_DIR || mkdtempSync(path.join(tmpdir(), "portfolio-e2e-"));
// The build `npm run test:e2e` makes (BUILD_DIR, as react-router.config.ts reads it).
const buildDir = process.env.BUILD_DIR || "build";
// Tests that check what was stored on disk (uploads) find the server's data directory here.
process.env.E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [["list"], ["github"]] : "list",
  timeout: 30_000,
  expect: { timeout: 7_500 },
  use: {
    baseURL,
    trace: "retain-on-failure",
    launchOptions: { ...(executablePath ? { executablePath } : {}), args: chromiumArgs },
  },
  projects: [{ name: "chromium", use: { browserName: "chromium", viewport: { width: 1280, height: 800 } } }],
  webServer: [
    {
      command: "node tests/harness/fake-github/main.ts",
      url: `${githubURL}/health`,
      reuseExistingServer: false,
      env: { PORT: new URL(githubURL).port, HOST: "127.0.0.1" },
    },
    {
      // The production server on the production build, started as `npm run serve` does: what visitors get.
      command: `node ${serverCommandArgs(buildDir).join(" ")}`,
      url: `${baseURL}/`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        ...SERVER_ENVIRONMENT,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        BUILD_DIR: buildDir,
        PUBLIC_URL: baseURL,
        GITHUB_URL: githubURL,
        GITHUB_API_URL: githubURL,
        GITHUB_CLIENT_ID: fakeClientId,
        GITHUB_CLIENT_SECRET: fakeClientSecret,
        AUTHOR_GITHUB_LOGINS: fakeAuthorLogins,
        // Every test signs in from 127.0.0.1; the limit itself is covered by unit tests.
        SIGN_IN_RATE_LIMIT: "10000",
        // Every test renders from 127.0.0.1 too: the flood limits are off here, and
        // tests/e2e/shell/too-many-requests.spec.ts starts a server of its own with them on.
        RENDER_RATE_LIMIT: "0",
        SEARCH_RATE_LIMIT: "0",
        UPLOAD_RATE_LIMIT: "0",
      },
    },
  ],
});
