/**
 * The newsletter's services from the server configuration, created once at
 * startup: the per-client limit of the subscription form and, when SMTP is
 * configured, the worker that sends. Without SMTP_HOST there is no
 * newsletter: its forms are not shown, and the admin says what to set.
 */
import { type RateLimitFactory, rateLimitFactory } from "../auth/rate-limit.server.ts";
import type { Database } from "../db/client.server.ts";
import type { Blog } from "../db/schema.ts";
import type { PollingWorker } from "../jobs/polling-worker.server.ts";
import type { SmtpSettings } from "../mail/smtp.server.ts";
import type { NewsletterServices } from "../services.server.ts";
import { postMail } from "./compose.server.ts";
import { pacer } from "./pace.server.ts";
import { smtpTransport } from "./transport.server.ts";
import { startNewsletterWorker } from "./worker.server.ts";

const RATE_WINDOW_MS = 60 * 60 * 1000;
/** The unsubscribe link of a test mail names nobody: it opens the page that says the link is not valid. */
const NOBODY = "00000000-0000-4000-8000-000000000000";

export interface NewsletterConfig {
  /** Mails per second and per hour, shared by every server (NEWSLETTER_RATE, default 5/s,1000/h). */
  rate: { perSecond: number; perHour: number };
  /** Subscriptions accepted per IP address per hour (NEWSLETTER_RATE_LIMIT). */
  rateLimit: number;
  /** DKIM signing (DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY), or null. */
  dkim: { domain: string; selector: string; privateKey: string } | null;
}

export interface NewsletterSetup {
  config: NewsletterConfig;
  smtp: SmtpSettings | null;
  secret: Buffer;
  publicUrl: string;
  leaseMs: number;
}

/** @example const { services, worker } = createNewsletterServices(setup, db); */
export function createNewsletterServices(
  setup: NewsletterSetup,
  db: Database,
  limiters: RateLimitFactory = rateLimitFactory(),
): { services: NewsletterServices; worker: PollingWorker | null } {
  const limiter = limiters("newsletter", setup.config.rateLimit, RATE_WINDOW_MS);
  if (!setup.smtp) return { services: { secret: setup.secret, limiter, worker: null, sendTest: null }, worker: null };
  const { smtp } = setup;
  const transport = smtpTransport(smtp, setup.config.dkim);
  const { perSecond } = setup.config.rate;
  const worker = startNewsletterWorker(
    {
      db,
      transport,
      pacer: pacer(db, setup.config.rate),
      secret: setup.secret,
      publicUrl: setup.publicUrl,
      from: smtp.from,
      leaseMs: setup.leaseMs,
      batch: Math.max(1, Math.min(50, Math.floor((perSecond * setup.leaseMs) / 2000))),
    },
    Math.min(30_000, setup.leaseMs),
  );
  const sendTest = (to: string, post: Blog) =>
    transport.send(
      postMail(
        {
          publicUrl: setup.publicUrl,
          from: smtp.from,
          to,
          lang: post.lang === "en" ? "en" : "pt",
          unsubscribeToken: `${NOBODY}.test`,
          mailId: `test-${Date.now()}`,
        },
        post,
      ),
    );
  return { services: { secret: setup.secret, limiter, worker, sendTest }, worker };
}
