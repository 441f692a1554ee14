/**
 * The newsletter's SMTP connection: the site's own mail server (the contact
 * form's settings), one pooled connection, DKIM signing when configured
 * (with both unsubscribe headers signed, which nodemailer leaves out by
 * default), and what a refusal means for the address.
 */
import type { SendMailOptions, Transporter } from "nodemailer";
import type { SmtpSettings } from "../contact/mailer.server.ts";

export interface DkimSettings {
  domain: string;
  selector: string;
  privateKey: string;
}

export interface NewsletterTransport {
  /** Resolves once the server accepted the mail; rejects with its reason otherwise. */
  send(mail: SendMailOptions): Promise<void>;
  close(): void;
}

// A dead server must fail a send in seconds, not hold the worker for minutes.
const TIMEOUT_MS = 15_000;

/** nodemailer's default signed headers, and the one-click header mail providers require signed (RFC 8058). */
export const DKIM_SIGNED_HEADERS =
  "From:Sender:Reply-To:Subject:Date:Message-ID:To:Cc:MIME-Version:Content-Type:Content-Transfer-Encoding:" +
  "Content-ID:Content-Description:Resent-Date:Resent-From:Resent-Sender:Resent-To:Resent-Cc:Resent-Message-ID:" +
  "In-Reply-To:References:List-Id:List-Help:List-Unsubscribe:List-Unsubscribe-Post:List-Subscribe:List-Post:" +
  "List-Owner:List-Archive";

/** @example const transport = smtpTransport(settings, { domain: "example.com", selector: "mail", privateKey }) */
export function smtpTransport(settings: SmtpSettings, dkim: DkimSettings | null): NewsletterTransport {
  let transport: Promise<Transporter> | undefined;
  const open = () =>
    import("nodemailer").then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        pool: true,
        maxConnections: 1,
        host: settings.host,
        port: settings.port,
        secure: settings.secure,
        ...(settings.auth ? { auth: settings.auth } : {}),
        connectionTimeout: TIMEOUT_MS,
        greetingTimeout: TIMEOUT_MS,
        socketTimeout: TIMEOUT_MS,
        ...(dkim
          ? {
              dkim: {
                domainName: dkim.domain,
                keySelector: dkim.selector,
                privateKey: dkim.privateKey,
                headerFieldNames: DKIM_SIGNED_HEADERS,
              },
            }
          : {}),
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

/**
 * What a failed send says about the address:
 * - `permanent`: the server refused this recipient or message with a 5xx;
 * - `temporary`: the same with a 4xx (mailbox full, greylisting);
 * - `unreachable`: anything else (no connection, a refused login, a refused
 *   sender): the site's own mail server is at fault, and the mail waits
 *   without counting against the reader.
 */
export function refusalKind(error: unknown): "permanent" | "temporary" | "unreachable" {
  const { responseCode, command, code } = (error ?? {}) as { responseCode?: number; command?: string; code?: string };
  const aboutRecipient = command === "RCPT TO" || (code === "EMESSAGE" && command === "DATA");
  if (!aboutRecipient || typeof responseCode !== "number") return "unreachable";
  if (responseCode >= 500) return "permanent";
  if (responseCode >= 400) return "temporary";
  return "unreachable";
}
