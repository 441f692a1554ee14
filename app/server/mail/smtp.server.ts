/**
 * The site's connection to its mail server (SMTP_*), shared by the contact
 * e-mails and the newsletter: nodemailer loads with the first mail to send,
 * not with the server; a failed load is tried again with the next mail, as a
 * refused send is; a dead server fails a send in seconds, not minutes.
 */
import type { SendMailOptions, Transporter } from "nodemailer";

export interface SmtpSettings {
  host: string;
  port: number;
  secure: boolean;
  auth: { user: string; pass: string } | null;
  from: string;
}

export interface SmtpTransport {
  /** Resolves once the server accepted the mail; rejects with its reason otherwise. */
  send(mail: SendMailOptions): Promise<void>;
  close(): void;
}

/** What a connection may add to the server's settings: one pooled connection, DKIM signing. */
export interface SmtpExtras {
  pool?: boolean;
  maxConnections?: number;
  dkim?: { domainName: string; keySelector: string; privateKey: string; headerFieldNames: string };
}

// A dead server must fail a send in seconds, not hold the worker for minutes.
const TIMEOUT_MS = 15_000;

/**
 * @example const transport = lazySmtpTransport(settings); await transport.send({ from, to, subject, text });
 */
export function lazySmtpTransport(settings: SmtpSettings, extra: SmtpExtras = {}): SmtpTransport {
  let transport: Promise<Transporter> | undefined;
  const open = () =>
    import("nodemailer").then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        host: settings.host,
        port: settings.port,
        secure: settings.secure,
        ...(settings.auth ? { auth: settings.auth } : {}),
        connectionTimeout: TIMEOUT_MS,
        greetingTimeout: TIMEOUT_MS,
        socketTimeout: TIMEOUT_MS,
        ...extra,
      }),
    );
  return {
    async send(mail) {
      transport ??= open();
      const ready = await transport.catch((error: unknown) => {
        transport = undefined;
        throw error;
      });
      await ready.sendMail(mail);
    },
    close() {
      void transport?.then(
        (ready) => ready.close(),
        () => undefined,
      );
    },
  };
}
