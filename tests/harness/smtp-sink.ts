/**
 * A real SMTP server on a free local port, started by a test, the bench or a
 * scenario: it keeps what it receives (headers unfolded, so each is one line
 * to match) and refuses the recipients it is told to, with the code it is
 * told, at RCPT TO, as a receiving mail server does for a mailbox that does
 * not exist (5xx) or is full for now (4xx); told to, it refuses every message
 * at DATA, as a relay down for maintenance does. It may answer each message
 * late, as a slow relay does: a sender that hangs up meanwhile did not hand
 * its message over, and it is counted as cut, not received.
 */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The message as sent, long headers unfolded ("" when the sink keeps envelopes only). */
  raw: string;
  /** The message byte for byte (for signature checks). */
  bytes: Buffer;
  /** Its Message-ID header ("" when the sink keeps envelopes only). */
  messageId: string;
  /** Who signed in to send it, when the sink asks for a login. */
  user: string | undefined;
  /** The SMTP session it came in, and when it was accepted (ms since the epoch). */
  session: string;
  at: number;
}

export interface SmtpSinkOptions {
  /** 0 (the default) for a free port. */
  port?: number;
  /** Only this login may send; without it, anyone may, without signing in. */
  login?: { user: string; pass: string };
  /** How long each message waits for its answer. */
  delayMs?: number;
  /** Keep each mail's envelope only, not its text (a bench's ten thousand mails). */
  envelopeOnly?: boolean;
}

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;

/** @example const sink = await startSmtpSink(); // a free port; `startSmtpSink({ port: 4025 })` a given one */
export async function startSmtpSink(options: SmtpSinkOptions = {}) {
  const received: ReceivedMail[] = [];
  /** Recipient address → SMTP reply code to refuse it with. */
  const refuse = new Map<string, number>();
  /** A reply code every message is refused with at DATA, while set. */
  const refuseAll: { code?: number } = {};
  const closed = new Set<string>();
  let cut = 0;
  const { login, delayMs = 0 } = options;
  const server = new SMTPServer({
    logger: false,
    hideSTARTTLS: true,
    ...(login
      ? {
          allowInsecureAuth: true,
          onAuth(auth, _session, callback) {
            if (auth.username === login.user && auth.password === login.pass)
              return callback(null, { user: auth.username });
            callback(new Error("Invalid username or password"));
          },
        }
      : { authOptional: true }),
    onClose(session) {
      closed.add(session.id);
    },
    onRcptTo(address, _session, callback) {
      const code = refuse.get(address.address.toLowerCase());
      if (code) return callback(Object.assign(new Error(`Mailbox refused (${code})`), { responseCode: code }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => {
        if (!options.envelopeOnly) chunks.push(chunk);
      });
      stream.on("end", () => {
        const answer = () => {
          // A sender that died before the answer did not hand the message over: a real relay drops it too.
          if (closed.has(session.id)) {
            cut += 1;
            return callback(new Error("connection closed"));
          }
          if (refuseAll.code)
            return callback(
              Object.assign(new Error("Mailbox temporarily unavailable"), { responseCode: refuseAll.code }),
            );
          const bytes = Buffer.concat(chunks);
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: bytes.toString("utf8").replace(/\r?\n[ \t]+/g, " "),
            bytes,
            messageId: /^Message-ID: *(<[^>]+>)/im.exec(bytes.toString("utf8"))?.[1] ?? "",
            user: session.user as string | undefined,
            session: session.id,
            at: Date.now(),
          });
          callback();
        };
        if (delayMs > 0) setTimeout(answer, delayMs);
        else answer();
      });
    },
  });
  // A sender that dies mid-conversation resets its connection; the relay goes on serving the others.
  server.on("error", () => undefined);
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  return {
    port: (server.server.address() as AddressInfo).port,
    delayMs,
    received,
    refuse,
    refuseAll,
    /** Messages whose sender hung up before the answer. */
    cut: () => cut,
    /** The mails to one address. */
    to: (address: string) => received.filter((mail) => mail.to.includes(address)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A header's value in a received mail (the first one of that name). */
export function header(mail: ReceivedMail | undefined, name: string): string | undefined {
  const head = mail?.raw.split(/\r?\n\r?\n/)[0] ?? "";
  const line = head.split(/\r?\n/).find((candidate) => candidate.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line === undefined ? undefined : decodeWords(line.slice(name.length + 1).trim());
}

/** RFC 2047 encoded words (`=?UTF-8?Q?Ol=C3=A1?=`) as text. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
      encoding.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : Buffer.from(
            text
              .replace(/_/g, " ")
              .replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
            "latin1",
          ).toString("utf8"),
    );
}

/** A MIME part's body, decoded from its transfer encoding into text. */
function decodedPart(part: string): { head: string; text: string } {
  const [head = "", ...rest] = part.split(/\r?\n\r?\n/);
  const body = rest.join("\n\n");
  if (/content-transfer-encoding:\s*base64/i.test(head))
    return { head, text: Buffer.from(body, "base64").toString("utf8") };
  if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) {
    const joined = body.replace(/=\r?\n/g, "");
    const text = Buffer.from(
      joined.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
      "latin1",
    ).toString("utf8");
    return { head, text };
  }
  return { head, text: Buffer.from(body, "latin1").toString("utf8") };
}

/**
 * A received mail's MIME parts (the whole message when it has one), each
 * decoded. Split on the message's own boundaries only: a plain-text part may
 * hold a line starting with "--" (the signature separator "-- ").
 */
function partsOf(mail: ReceivedMail): { head: string; text: string }[] {
  const raw = mail.bytes.toString("latin1");
  const boundaries = [...raw.matchAll(/boundary="?([^";\r\n]+)"?/gi)].map((match) => match[1] ?? "");
  if (boundaries.length === 0) return [decodedPart(raw)];
  const escaped = boundaries.map((boundary) => boundary.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return raw.split(new RegExp(`\\r?\\n--(?:${escaped.join("|")})(?:--)?[ \\t]*(?:\\r?\\n|$)`)).map(decodedPart);
}

/**
 * A received mail's text as a reader sees it: quoted-printable soft breaks
 * joined and escapes decoded, base64 parts decoded (every part, one after
 * the other), so links and words can be matched.
 */
export function readableText(mail: ReceivedMail | undefined): string {
  if (!mail) return "";
  return partsOf(mail)
    .map((part) => part.text)
    .join("\n");
}

/**
 * The plain-text part of a received mail, decoded, as a mail program without
 * HTML shows it; "" when it has none.
 */
export function plainTextPart(mail: ReceivedMail | undefined): string {
  if (!mail) return "";
  return partsOf(mail).find((part) => /content-type:\s*text\/plain/i.test(part.head))?.text ?? "";
}
