/**
 * The fediverse of one server process (FEDERATION=on): the Fedify
 * federation the HTTP doorway answers through, and the worker that federates
 * posts and delivers, polling every five seconds and woken at once by a
 * follow to accept or a scheduled post that went out.
 */
import type { Database } from "../db/client.server.ts";
import { lazySmtpTransport, type SmtpSettings } from "../mail/smtp.server.ts";
import { RemoteAvatars } from "../responses/avatars.server.ts";
import type { FediverseServices } from "../services.server.ts";
import type { ObjectStorage } from "../uploads/object-storage.server.ts";
import { FinishedRecords } from "./expiry.server.ts";
import { createSiteFederation } from "./federation.server.ts";
import { startFediverseWorker } from "./worker.server.ts";

const POLL_MS = 5_000;

export interface StartFediverseOptions {
  db: Database;
  origin: string;
  allowPrivate: boolean;
  /** FEDERATION_PREVIOUS_ORIGIN and FEDERATION_MOVED_TO (docs/fediverse.md). */
  previousOrigin?: string | undefined;
  movedTo?: string | undefined;
  leaseMs: number;
  /** With a mail server, the author is mailed about responses waiting (CONTACT_TO). */
  smtp: SmtpSettings | null;
  authorMail: string;
  /** Where the remote authors' avatars are kept (the site's object storage). */
  uploads?: ObjectStorage;
}

export function startFediverse(options: StartFediverseOptions) {
  let wake = () => {};
  const federation = createSiteFederation({
    db: options.db,
    origin: options.origin,
    allowPrivate: options.allowPrivate,
    previousOrigin: options.previousOrigin,
    movedTo: options.movedTo,
    wake: () => wake(),
  });
  const worker = startFediverseWorker(
    {
      db: options.db,
      federation,
      origin: options.origin,
      allowPrivate: options.allowPrivate,
      movedTo: options.movedTo,
      leaseMs: options.leaseMs,
      finished: new FinishedRecords(),
      ...(options.uploads
        ? {
            avatars: new RemoteAvatars({
              uploads: options.uploads,
              allowPrivate: options.allowPrivate,
              userAgent: `rafael-werneck-site (+${options.origin})`,
            }),
          }
        : {}),
      ...(options.smtp
        ? { mail: { transport: lazySmtpTransport(options.smtp), from: options.smtp.from, to: options.authorMail } }
        : {}),
    },
    POLL_MS,
  );
  wake = () => worker.wake();
  const services: FediverseServices = { federation, wake };
  return { services, worker };
}
