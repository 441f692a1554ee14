/**
 * The contact form's services from the server configuration, created once at
 * startup: the secret, the per-IP limit and, when SMTP is configured, the
 * e-mail worker.
 */
import { type RateLimitFactory, rateLimitFactory } from "../auth/rate-limit.server.ts";
import type { Database } from "../db/client.server.ts";
import type { PollingWorker } from "../jobs/polling-worker.server.ts";
import type { SmtpSettings } from "../mail/smtp.server.ts";
import type { ContactServices } from "../services.server.ts";
import { startDelivery } from "./delivery.server.ts";
import { smtpMailer } from "./mailer.server.ts";
import { loadContactSecret } from "./secret.server.ts";

const RATE_WINDOW_MS = 60 * 60 * 1000;

export interface ContactConfig {
  to: string;
  rateLimit: number;
  secret: string | undefined;
  smtp: SmtpSettings | null;
  /** How long a claim on a message being e-mailed lasts; default 5 minutes. */
  leaseSeconds?: number;
}

/** @example const { services, worker } = createContactServices(config.contact, config.dataDir, db); */
export function createContactServices(
  config: ContactConfig,
  dataDir: string,
  db: Database,
  limiters: RateLimitFactory = rateLimitFactory(),
): { services: ContactServices; worker: PollingWorker | null } {
  const leaseMs = (config.leaseSeconds ?? 300) * 1000;
  // Polls at least once per lease, so a message a dead server claimed waits at most about two leases.
  const worker = config.smtp
    ? startDelivery(db, smtpMailer(config.smtp, config.to), Math.min(30_000, leaseMs), leaseMs)
    : null;
  return {
    services: {
      secret: loadContactSecret(config.secret, dataDir),
      limiter: limiters("contact", config.rateLimit, RATE_WINDOW_MS),
      delivery: worker,
      to: config.to,
    },
    worker,
  };
}
