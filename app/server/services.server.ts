/**
 * The long-lived services of one server process (database, sign-in
 * settings), created by `runtime/serve.ts` before it listens. They live on
 * `globalThis` because the route modules run from the Vite/SSR bundle, a
 * separate copy of the code from the one the server started; both copies
 * must reach the same database connection.
 */

import type { GitHubEndpoints } from "./auth/github.server.ts";
import type { RateLimit } from "./auth/rate-limit.server.ts";
import type { Database } from "./db/client.server.ts";
import type { ObjectStorage } from "./uploads/storage.server.ts";

export interface AuthSettings {
  /** Null while GITHUB_CLIENT_ID/GITHUB_CLIENT_SECRET are unset: Login then explains sign-in is off. */
  github: GitHubEndpoints | null;
  /** Lower-cased GitHub logins allowed to sign in. */
  authorLogins: readonly string[];
  /** Cookies get `Secure` when the site is served over https. */
  secureCookies: boolean;
  signInLimiter: RateLimit;
}

/** What the contact form needs beyond the database. */
export interface ContactServices {
  /** Keys the form's start-time cookie and salts the stored IP hashes. */
  secret: Buffer;
  /** Messages accepted per IP hash. */
  limiter: RateLimit;
  /** The e-mail worker; null when SMTP is not configured (messages are stored and listed only). */
  delivery: { wake(): void } | null;
}

export interface AppServices {
  db: Database;
  auth: AuthSettings;
  /** Uploaded files (blog covers). */
  uploads: ObjectStorage;
  /** Absent only where a test builds services for something else (sign-in). */
  contact?: ContactServices;
}

const KEY = Symbol.for("portfolio.services");
const store = globalThis as typeof globalThis & { [KEY]?: AppServices | undefined };

/** Installs (or, with undefined, removes) the services of this process. */
export function provideServices(value: AppServices | undefined): void {
  store[KEY] = value;
}

/** The services, when the server has started them (never during the build's prerendering). */
export function servicesIfReady(): AppServices | undefined {
  return store[KEY];
}

export function services(): AppServices {
  const value = store[KEY];
  if (!value) throw new Error("Server services are not started: runtime/serve.ts opens the database before serving");
  return value;
}

/** The contact form's services; the server always starts them. */
export function contactServices(app: AppServices = services()): ContactServices {
  if (!app.contact) throw new Error("Contact services are not started: runtime/serve.ts creates them");
  return app.contact;
}
