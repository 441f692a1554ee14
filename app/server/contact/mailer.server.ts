/**
 * E-mails a stored contact message to the owner over SMTP, with Reply-To set
 * to the visitor so answering is one click. The text is plain: nothing the
 * visitor typed is ever interpreted as HTML. The SMTP library loads with the
 * first message to send, not with the server.
 */
import type { Transporter } from "nodemailer";
import "../../i18n/all.ts";
import { dictionaryFor, format } from "../../i18n/index.ts";
import type { ContactMessage } from "../db/schema.ts";

export interface SmtpSettings {
  host: string;
  port: number;
  secure: boolean;
  auth: { user: string; pass: string } | null;
  from: string;
}

export interface Mailer {
  /** Resolves once the server accepted the message; rejects with the server's reason otherwise. */
  send(message: ContactMessage): Promise<void>;
  close(): void;
}

// A dead server must fail a send in seconds, not hold the worker for minutes.
const TIMEOUT_MS = 15_000;

/** The e-mail of one message, in the owner's language (the site's default). */
export function composeMail(message: ContactMessage, from: string, to: string) {
  const texts = dictionaryFor("pt").contact.mail;
  const values = {
    name: message.name,
    email: message.email,
    lang: message.lang,
    date: message.createdAt.toISOString(),
  };
  return {
    from,
    to,
    replyTo: { name: message.name, address: message.email },
    subject: format(texts.subject, values),
    text: `${format(texts.intro, values)}\n\n${message.message}\n\n-- \n${format(texts.footer, values)}\n`,
    // The same message must never arrive twice as two threads, even if it is sent again after a lost reply.
    messageId: `<contact-${message.id}@${from.split("@")[1] ?? "localhost"}>`,
  };
}

/** @example smtpMailer({ host: "smtp.example.com", port: 587, secure: false, auth: null, from: "site@example.com" }, "me@example.com") */
export function smtpMailer(settings: SmtpSettings, to: string): Mailer {
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
      }),
    );
  return {
    async send(message) {
      transport ??= open();
      // A failed load is retried with the next message, as a refused send is.
      const ready = await transport.catch((error: unknown) => {
        transport = undefined;
        throw error;
      });
      await ready.sendMail(composeMail(message, settings.from, to));
    },
    close() {
      void transport?.then(
        (ready) => ready.close(),
        () => undefined,
      );
    },
  };
}
