/**
 * The newsletter's SMTP connection: the site's own mail server (the contact
 * form's settings), one pooled connection, DKIM signing when configured
 * (with both unsubscribe headers signed, which nodemailer leaves out by
 * default), and what a refusal means for the address.
 */
import { lazySmtpTransport, type SmtpSettings, type SmtpTransport } from "../mail/smtp.server.ts";

export interface DkimSettings {
  domain: string;
  selector: string;
  privateKey: string;
}

/** nodemailer's default signed headers, and the one-click header mail providers require signed (RFC 8058). */
export const DKIM_SIGNED_HEADERS =
  "From:Sender:Reply-To:Subject:Date:Message-ID:To:Cc:MIME-Version:Content-Type:Content-Transfer-Encoding:" +
  "Content-ID:Content-Description:Resent-Date:Resent-From:Resent-Sender:Resent-To:Resent-Cc:Resent-Message-ID:" +
  "In-Reply-To:References:List-Id:List-Help:List-Unsubscribe:List-Unsubscribe-Post:List-Subscribe:List-Post:" +
  "List-Owner:List-Archive";

/** @example const transport = smtpTransport(settings, { domain: "example.com", selector: "mail", privateKey }) */
export function smtpTransport(settings: SmtpSettings, dkim: DkimSettings | null): SmtpTransport {
  return lazySmtpTransport(settings, {
    pool: true,
    maxConnections: 1,
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
  });
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
