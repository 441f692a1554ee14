/**
 * Runs the fake GitHub on its own, on loopback, for the browser tests; the
 * port is its argument (playwright.config.ts gives E2E_GITHUB_PORT's):
 *   node tools/fake-github/main.ts 4399
 */
import { fakeAuthorLogins } from "./accounts.ts";
import { startFakeGitHub } from "./server.ts";

const port = Number(process.argv[2]);
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(
    `Usage: node tools/fake-github/main.ts PORT (a port number, 1–65535; got ${process.argv[2] ?? "none"})`,
  );
  process.exit(1);
}
const fake = await startFakeGitHub(port, "127.0.0.1");
console.log(`Fake GitHub at ${fake.url} (authors: ${fakeAuthorLogins})`);
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => fake.close().then(() => process.exit(0)));
}
