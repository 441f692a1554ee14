/**
 * The fediverse of one server process (FEDERATION=on): the Fedify
 * federation the HTTP doorway answers through, and the worker that federates
 * posts and delivers, polling every five seconds and woken at once by a
 * follow to accept or a scheduled post that went out. Fedify, about 50 MB
 * of the process's memory, loads when the federation is first asked for: by
 * a request of the fediverse, a change or delivery the worker finds, or an
 * answer the author writes (decision 095).
 */
import type { Database } from "../db/client.server.ts";
import { lazySmtpTransport, type SmtpSettings } from "../mail/smtp.server.ts";
import { RemoteAvatars } from "../responses/avatars.server.ts";
import type { FediverseServices } from "../services.server.ts";
import type { ObjectStorage } from "../uploads/object-storage.server.ts";
import { FinishedRecords } from "./expiry.server.ts";
import type { FediverseAnswers, SiteFederation } from "./types.server.ts";
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
  let made: Promise<SiteFederation> | undefined;
  const federation = () => {
    made ??= import("./federation.server.ts").then(({ createSiteFederation }) =>
      createSiteFederation({
        db: options.db,
        origin: options.origin,
        allowPrivate: options.allowPrivate,
        previousOrigin: options.previousOrigin,
        movedTo: options.movedTo,
        wake: () => wake(),
      }),
    );
    return made;
  };
  const answering = async () => {
    const [{ answersOf }, site] = await Promise.all([import("./answer.server.ts"), federation()]);
    return answersOf(options.db, site, options.origin);
  };
  const answers: FediverseAnswers = {
    answer: async (reply, markdown) => (await answering()).answer(reply, markdown),
    withdraw: async (replyId) => (await answering()).withdraw(replyId),
    withdrawTo: async (where) => (await answering()).withdrawTo(where),
  };
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
  const services: FediverseServices = { federation, answers, wake };
  return { services, worker };
}
