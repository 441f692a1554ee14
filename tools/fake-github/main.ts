/**
 * Runs the fake GitHub on its own, for the browser tests:
 *   PORT=4399 node tools/fake-github/main.ts
 */
import { fakeAuthorLogins } from "./accounts.ts";
import { startFakeGitHub } from "./server.ts";

const fake = await startFakeGitHub(Number(process.env.PORT || 4399), process.env.HOST || "127.0.0.1");
console.log(`Fake GitHub at ${fake.url} (authors: ${fakeAuthorLogins})`);
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => fake.close().then(() => process.exit(0)));
}
