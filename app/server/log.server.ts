/**
 * The server's log lines: one per event (the server started or stopped, a
 * worker exited, a contact e-mail sent or failed, a sign-in, a rate-limit
 * refusal, a backup taken) and one per error, as readable text by default or
 * as one JSON object a line with LOG_FORMAT=json (decision 028). Every line
 * made here carries the id of the request it belongs to, when there is one,
 * and passes through `redact`: no e-mail address or IP address is written in
 * clear, whatever an error message holds. Cookies, tokens and headers are
 * never handed to it.
 *
 * The settings and the request-id store are a `singleton`, shared by the
 * server's copy of this module and the one in React Router's server bundle.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { isIP } from "node:net";
import { inspect } from "node:util";
import { singleton } from "../lib/singleton.ts";

export type LogFormat = "text" | "json";
export type LogLevel = "info" | "warn" | "error";
export type EventFields = Readonly<Record<string, string | number | boolean | undefined>>;

interface LogState {
  format: LogFormat;
  /** Where a line goes (without its newline); by default stdout for info, stderr otherwise. */
  write: (line: string, level: LogLevel) => void;
  requestIds: AsyncLocalStorage<string>;
}

/** Where lines go unless told otherwise: stdout for info, stderr for warnings and errors. */
export const standardStreams = (line: string, level: LogLevel) =>
  (level === "info" ? process.stdout : process.stderr).write(`${line}\n`);

function state(): LogState {
  return singleton<LogState>("log", () => ({
    format: "text",
    write: standardStreams,
    requestIds: new AsyncLocalStorage<string>(),
  }));
}

/** Chooses the format (LOG_FORMAT) and, for tests, where lines go. */
export function configureLog(options: { format?: LogFormat; write?: (line: string, level: LogLevel) => void }): void {
  const current = state();
  if (options.format) current.format = options.format;
  if (options.write) current.write = options.write;
}

export function logFormat(): LogFormat {
  return state().format;
}

/** Runs `next` (the rest of a request's handling) with `id` as the current request's id. */
export function withRequestId<T>(id: string, next: () => T): T {
  return state().requestIds.run(id, next);
}

/** The id of the request being handled, if any. */
export function currentRequestId(): string | undefined {
  return state().requestIds.getStore();
}

const EMAIL = /[^\s@<>"'`(),;:[\]]+@[^\s@<>"'`(),;:[\]]+\.[a-zA-Z]{2,}/g;
const IPV4 = /(?<![\d.])(?:\d{1,3}\.){3}\d{1,3}(?![\d.])/g;
// Candidates only: each is kept unless node:net says it is an address (a time such as 10:40:00 is not).
const IPV6 = /(?<![\w:])(?:[0-9a-fA-F]{0,4}:){2,7}(?:[0-9a-fA-F]{1,4}|(?:\d{1,3}\.){3}\d{1,3})?(?![\w:]|\.\d)/g;

/** This machine's own and the "any" addresses say nothing about anyone: they stay. */
const notPersonal = (address: string) =>
  /^(?:::ffff:)?127\./.test(address) || ["::1", "::", "0.0.0.0"].includes(address);
const hidden = (match: string) => (isIP(match) && !notPersonal(match) ? "[ip]" : match);

/**
 * A shared draft's token in its address, and a token, code or state in a query, or the import's kept file's
 * token (`?import=`, decision 085): secrets an address carries.
 */
const SECRET_IN_PATH = /(\/blog\/preview\/)[^\s/?#"'`<>]+/gi;
const SECRET_IN_QUERY = /([?&](?:token|code|state|import)=)[^\s&#"'`<>]+/gi;

/**
 * A text with every e-mail address, IP address (but loopback's) and secret an
 * address carries (a shared draft's token, a mail link's token) replaced.
 * @example redact("mail to ana@example.com from 203.0.113.9 failed") // "mail to [e-mail] from [ip] failed"
 * @example redact("GET /blog/preview/3q2-x1 failed") // "GET /blog/preview/{token} failed"
 */
export function redact(text: string): string {
  return text
    .replace(EMAIL, "[e-mail]")
    .replace(IPV6, hidden)
    .replace(IPV4, hidden)
    .replace(SECRET_IN_PATH, "$1{token}")
    .replace(SECRET_IN_QUERY, "$1{secret}");
}

/** An error as text: its stack (or what it is), causes included, redacted. */
export function describeError(error: unknown): string {
  return redact(
    error instanceof Error ? inspect(error, { depth: 4, breakLength: Number.POSITIVE_INFINITY }) : String(error),
  );
}

/**
 * One event: in text, `message` (and, on errors, the request id); in JSON,
 * `{time, level, event, message, requestId, ...fields}`. Field values and the
 * message are redacted.
 * @example logEvent("contact_mail_failed", `E-mailing contact message ${id} failed: ${reason}`, { messageId: id }, "error")
 */
export function logEvent(event: string, message: string, fields: EventFields = {}, level: LogLevel = "info"): void {
  const { format, write } = state();
  const requestId = currentRequestId();
  if (format === "text") {
    write(redact(level !== "info" && requestId ? `${message} [request ${requestId}]` : message), level);
    return;
  }
  const line: Record<string, string | number | boolean> = {
    time: new Date().toISOString(),
    level,
    event,
    message: redact(message),
  };
  if (requestId) line.requestId = requestId;
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined) line[name] = typeof value === "string" ? redact(value) : value;
  }
  write(JSON.stringify(line), level);
}

/**
 * An error while serving or in background work: `message`, then the error's
 * description, as one event `error` (or `event`).
 * @example logError("Storing a contact message failed:", error)
 */
export function logError(message: string, error?: unknown, event = "error", fields: EventFields = {}): void {
  const described = error === undefined ? "" : describeError(error);
  const { format } = state();
  if (format === "text") {
    logEvent(event, described ? `${message} ${described}` : message, fields, "error");
    return;
  }
  logEvent(event, message, { ...fields, ...(described ? { error: described } : {}) }, "error");
}

/** A warning: `logEvent(event, message, fields, "warn")`. */
export function logWarning(event: string, message: string, fields: EventFields = {}): void {
  logEvent(event, message, fields, "warn");
}

/** One request's line, already built by the server (http-server/observability.ts): written as it is. */
export function writeLogLine(line: string, level: LogLevel = "info"): void {
  state().write(line, level);
}
