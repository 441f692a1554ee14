/**
 * `npm run dev`: the development server. Without GitHub credentials it also
 * starts the fake GitHub and points sign-in at it, so anyone can sign in
 * locally as a test author (rafael-werneck or ana-autora).
 */
import { localSignInSettings } from "../../config/commands.ts";
import { settingsOrExit } from "../../config/read.ts";
import { fakeAuthorLogins, fakeGitHubEnv } from "../fake-github/accounts.ts";
import { startFakeGitHub } from "../fake-github/server.ts";

const settings = settingsOrExit(localSignInSettings);
if (settings.production) throw new Error("tools/commands/dev.ts is for development; use `npm run serve`");
if (!settings.github) {
  const fake = await startFakeGitHub(settings.fakeGitHubPort);
  const authors = settings.authorLogins ?? fakeAuthorLogins;
  // The server of this process reads them when it starts, below.
  Object.assign(process.env, fakeGitHubEnv(fake.url, authors));
  console.log(`Fake GitHub at ${fake.url}: Login lets you pick a test account (authors: ${authors})`);
}
await import("../../runtime/main.ts");
