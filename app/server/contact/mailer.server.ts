/**
 * E-mails a stored contact message to the owner over SMTP, with Reply-To set
 * to the visitor so answering is one click. The text is plain: nothing the
 * visitor typed is ever interpreted as HTML. The connection is the site's
 * lazy one (`mail/smtp.server.ts`).
 */
import { format } from "../../i18n/format.ts";
// The owner's language's strings of this one area: the server's own bundle loads no other at start.
import { contact } from "../../i18n/pt/contact.ts";
import type { ContactMessage } from "../db/schema.ts";
import { lazySmtpTransport, type SmtpSettings } from "../mail/smtp.server.ts";

export interface Mailer {
  /** Resolves once the server accepted the message; rejects with the server's reason otherwise. */
  send(message: ContactMessage): Promise<void>;
  close(): void;
}

/** The e-mail of one message, in the owner's language (the site's default). */
export function composeMail(message: ContactMessage, from: string, to: string) {
  const texts = contact.mail;
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
  const transport = lazySmtpTransport(settings);
  return {
    send: (message) => transport.send(composeMail(message, settings.from, to)),
    close: () => transport.close(),
  };
}
