/**
 * `npm run dev`: the development server. Without GitHub credentials it also
 * starts the fake GitHub and points sign-in at it, so anyone can sign in
 * locally as a test author (rafael-werneck or ana-autora).
 */
import { fakeAuthorLogins, fakeClientId, fakeClientSecret } from "../fake-github/accounts.ts";
import { startFakeGitHub } from "../fake-github/server.ts";

const env = process.env;
if (env.NODE_ENV === "production") throw new Error("tools/commands/dev.ts is for development; use `npm run serve`");
if (!env.GITHUB_CLIENT_ID && !env.GITHUB_CLIENT_SECRET) {
  const fake = await startFakeGitHub(Number(env.FAKE_GITHUB_PORT || 3999));
  env.GITHUB_URL = fake.url;
  env.GITHUB_API_URL = fake.url;
  env.GITHUB_CLIENT_ID = fakeClientId;
  env.GITHUB_CLIENT_SECRET = fakeClientSecret;
  env.AUTHOR_GITHUB_LOGINS ||= fakeAuthorLogins;
  console.log(`Fake GitHub at ${fake.url}: Login lets you pick a test account (authors: ${env.AUTHOR_GITHUB_LOGINS})`);
}
await import("../../runtime/main.ts");
