/**
 * The long-lived services of one server process (database, sign-in
 * settings, workers), created by `runtime/serve.ts` before it listens and
 * handed to `createApp`, which passes them to the routes in each request's
 * context (`servicesContext`, app/server/request-context.server.ts). Domain
 * modules take what they need as parameters; none looks services up.
 */

import type { AudienceRecorder } from "./analytics/recorder.server.ts";
import type { GitHubEndpoints } from "./auth/github.server.ts";
import type { RateLimit } from "./auth/rate-limit.server.ts";
import type { Database } from "./db/client.server.ts";
import type { Blog } from "./db/schema.ts";
import type { FediverseAnswers, SiteFederation } from "./fediverse/types.server.ts";
import type { KeptImports } from "./transfer/kept-imports.server.ts";
import type { ObjectStorage } from "./uploads/storage.server.ts";
import type { WebmentionRuntime } from "./webmention/runtime.server.ts";

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
  /** Where contact messages are e-mailed (CONTACT_TO): the owner's address. */
  to: string;
}

/** What the newsletter needs beyond the database. */
export interface NewsletterServices {
  /** Signs the links in mails (the contact secret, shared by every server). */
  secret: Buffer;
  /** Subscriptions accepted per IP hash. */
  limiter: RateLimit;
  /** The sending worker; null when SMTP is not configured, and then there is no newsletter to offer. */
  worker: { wake(): void } | null;
  /** Sends a post to one address as subscribers get it ("send a test to me"); null without SMTP. */
  sendTest: ((to: string, post: Blog) => Promise<void>) | null;
}

/** The blog in the fediverse (FEDERATION=on). */
export interface FediverseServices {
  /** The site's Fedify federation, made on first use: a server nobody federates with never loads Fedify (decision 095). */
  federation(): Promise<SiteFederation>;
  /** The author's answers to replies, through it. */
  answers: FediverseAnswers;
  /** Wakes the delivery worker (a follow to accept, an answer to send). */
  wake(): void;
}

export interface AppServices {
  db: Database;
  auth: AuthSettings;
  /** Uploaded files (blog covers). */
  uploads: ObjectStorage;
  /** Files sent to the admin's import, counted per author (IMPORT_RATE_LIMIT); null: no limit. */
  importLimiter?: RateLimit | null;
  /** Files checked by the admin's dry run, kept for their import (`DATA_DIR/imports`); absent where a test builds services for something else. */
  keptImports?: KeptImports;
  /** Absent only where a test builds services for something else (sign-in). */
  contact?: ContactServices;
  /** Absent where a test builds services for something else. */
  newsletter?: NewsletterServices;
  /** The audience's counts on their way to the database; absent with ANALYTICS=off. */
  audience?: AudienceRecorder;
  /** Absent with FEDERATION=off. */
  fediverse?: FediverseServices;
  /** Webmentions' endpoint and worker (off, and not advertised, with FEDERATION=off); absent where a test builds services for something else. */
  webmentions?: WebmentionRuntime;
}

/** The contact form's services; the server always starts them. */
export function contactServices(app: AppServices): ContactServices {
  if (!app.contact) throw new Error("Contact services are not started: runtime/serve.ts creates them");
  return app.contact;
}

/** Whether the newsletter can be offered (a mail server is configured). */
export function newsletterEnabled(app: Pick<AppServices, "newsletter"> | undefined): boolean {
  return app?.newsletter?.worker != null;
}

/** Whether post pages take webmentions and advertise their endpoint. */
export function webmentionsEnabled(app: Pick<AppServices, "webmentions"> | undefined): boolean {
  return app?.webmentions?.enabled === true;
}

/** Whether the blog is in the fediverse (FEDERATION=on). */
export function fediverseEnabled(app: Pick<AppServices, "fediverse"> | undefined): boolean {
  return app?.fediverse !== undefined;
}
