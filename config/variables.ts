/**
 * The kinds of value an environment variable holds, each a zod schema from
 * the variable's text (already trimmed, never empty: config/schema.ts makes
 * a blank value unset) to what the server uses, with the one line that
 * explains a wrong value and the words the guide shows for what is allowed.
 * A message names the value and what is allowed; the variable's name is put
 * in front of it where the problems are listed (config/config.ts).
 */
import { isIP } from "node:net";
import { z } from "zod";

/** The guide's sections, in its order: what an owner looks for first comes first. */
export const GROUPS = {
  site: "Site",
  storage: "Database and storage",
  signIn: "Sign-in",
  contact: "Contact mail",
  newsletter: "Newsletter",
  audience: "Audience",
  fediverse: "Fediverse",
  limits: "Limits",
  security: "Security and HTTPS",
  observability: "Metrics and logs",
  processes: "Processes",
  backups: "Backups",
  build: "Build",
  local: "Signing in locally",
  cluster: "`npm run cluster`",
  observatory: "`npm run observatory`",
  bench: "Benchmarks",
  tools: "Tests",
} as const;

export type Group = keyof typeof GROUPS;

/** What the guide (docs/configuration.md) says of one variable; Markdown. */
export interface VariableInfo {
  group: Group;
  /** What it does. */
  meaning: string;
  /** The default, as the guide shows it. */
  default: string;
  /** What a value may be. */
  allowed: string;
  /** A value never shown in a message (keys, passwords, tokens). */
  secret?: boolean;
}

/** Every variable's entry in the guide, by its schema. */
export const guide = z.registry<VariableInfo>();

/** A value as a message quotes it. */
export const quoted = (value: unknown): string => JSON.stringify(String(value));

/** A kind of value: its schema and the guide's words for what it may be. */
export interface Kind<T extends z.ZodType> {
  schema: T;
  allowed: string;
}

type Described = Omit<VariableInfo, "allowed" | "default"> & { allowed?: string; default?: string };

/**
 * A variable that may be left unset; `info.default` says what then happens.
 * @example optional(text("a host name"), { group: "site", meaning: "…", default: "`0.0.0.0`" })
 */
export function optional<T extends z.ZodType>(kind: Kind<T>, info: Described) {
  return entered(kind.schema.optional(), { allowed: kind.allowed, default: "unset", ...info });
}

/**
 * A variable with a fixed default, which the guide shows unless `info.default` words it otherwise.
 * @example withDefault(port(), 3000, { group: "site", meaning: "port the server listens on" })
 */
export function withDefault<T extends z.ZodType>(
  kind: Kind<T>,
  fallback: z.util.NoUndefined<z.output<T>>,
  info: Described,
) {
  return entered(kind.schema.default(fallback), {
    allowed: kind.allowed,
    default: `\`${String(fallback)}\``,
    ...info,
  });
}

/** A schema entered in the guide. */
function entered<S extends z.ZodType>(schema: S, info: VariableInfo): S {
  const plain: z.ZodType = schema;
  guide.add(plain, info);
  return schema;
}

/** Any text: a name, a path, a key. */
export function text(allowed: string): Kind<z.ZodString> {
  return { schema: z.string(), allowed };
}

/** A whole number within bounds. */
export function wholeNumber(min = 0, max?: number): Kind<z.ZodPipe<z.ZodString, z.ZodTransform<number, string>>> {
  const range = max === undefined ? (min === 0 ? "" : ` of at least ${min}`) : ` from ${min} to ${max}`;
  return {
    allowed: max === undefined ? (min === 0 ? "a whole number" : `a whole number, at least ${min}`) : `${min}–${max}`,
    schema: z
      .string()
      .refine((raw) => isWholeNumber(raw, min, max), {
        error: (issue) => `${quoted(issue.input)} is not a whole number${range}`,
      })
      .transform(Number),
  };
}

function isWholeNumber(raw: string, min: number, max = Number.MAX_SAFE_INTEGER): boolean {
  if (!/^\d+$/.test(raw)) return false;
  const value = Number(raw);
  return value >= min && value <= max;
}

/**
 * A sending rate: mails per second and per hour, as `N/s,M/h`.
 * @example sendRate().schema.parse("10/s,2000/h") // { perSecond: 10, perHour: 2000 }
 */
export function sendRate(): Kind<z.ZodPipe<z.ZodString, z.ZodTransform<SendRate, string>>> {
  return {
    allowed: "`N/s,M/h`: mails per second, then per hour",
    schema: z.string().transform((value, context): SendRate => {
      const rate = parseSendRate(value);
      if (rate) return rate;
      context.addIssue({
        code: "custom",
        message: `${quoted(value)} is not a sending rate such as 5/s,1000/h (per second, then per hour)`,
      });
      return z.NEVER;
    }),
  };
}

/** Mails per second and per hour. */
export interface SendRate {
  perSecond: number;
  perHour: number;
}

/**
 * The two numbers of a sending rate.
 * @example parseSendRate("10/s,2000/h") // { perSecond: 10, perHour: 2000 }
 */
export function parseSendRate(value: string): SendRate | undefined {
  const match = /^(\d{1,6})\s*\/\s*s\s*,\s*(\d{1,9})\s*\/\s*h$/i.exec(value.trim());
  if (!match) return undefined;
  const perSecond = Number(match[1]);
  const perHour = Number(match[2]);
  return perSecond >= 1 && perHour >= 1 ? { perSecond, perHour } : undefined;
}

/** A TCP port. */
export function port(): Kind<z.ZodPipe<z.ZodString, z.ZodTransform<number, string>>> {
  return {
    allowed: "a port number, 1–65535",
    schema: z
      .string()
      .refine((raw) => isWholeNumber(raw, 1, 65535), {
        error: (issue) => `${quoted(issue.input)} is not a port number (1–65535)`,
      })
      .transform(Number),
  };
}

/**
 * TCP ports separated by commas, at least one.
 * @example portList().schema.parse("3001, 3002") // [3001, 3002]
 */
export function portList(): Kind<z.ZodPipe<z.ZodString, z.ZodTransform<number[], string>>> {
  return {
    allowed: "port numbers, 1–65535, separated by commas",
    schema: z
      .string()
      .refine((raw) => raw.split(",").every((part) => isWholeNumber(part.trim(), 1, 65535)), {
        error: (issue) => `${quoted(issue.input)} is not port numbers (1–65535) separated by commas`,
      })
      .transform((raw) => raw.split(",").map((part) => Number(part.trim()))),
  };
}

const TRUE_WORDS = ["true", "1", "yes"];
const FALSE_WORDS = ["false", "0", "no"];

/** A yes or no, in any case. */
export function flag() {
  return {
    allowed: "`true` or `false` (also `1`/`0`, `yes`/`no`)",
    schema: z.stringbool({
      truthy: TRUE_WORDS,
      falsy: FALSE_WORDS,
      error: (issue) => `${quoted(issue.input)} is not true or false`,
    }),
  };
}

/** One of a few words, in any case; `unsetToo` says leaving it unset is a choice of its own. */
export function oneOf<const T extends readonly [string, ...string[]]>(choices: T, unsetToo = false) {
  const words = unsetToo ? [...choices, "unset"] : choices;
  const listed = `${words.slice(0, -1).join(", ")}${words.length > 1 ? " or " : ""}${words.at(-1)}`;
  return {
    allowed: choices.map((choice) => `\`${choice}\``).join(", "),
    schema: z
      .string()
      .toLowerCase()
      .pipe(z.enum(choices, { error: (issue) => `${quoted(issue.input)} is not ${listed}` })),
  };
}

/** An absolute http(s) URL, kept without its trailing slashes. */
export function httpUrl(example: string): Kind<z.ZodPipe<z.ZodString, z.ZodTransform<string, string>>> {
  return {
    allowed: `an http(s) URL such as \`${example}\``,
    schema: z
      .string()
      .refine((raw) => /^https?:$/.test(URL.parse(raw)?.protocol ?? ""), {
        error: (issue) => `${quoted(issue.input)} is not an http(s) URL such as ${example}`,
      })
      .transform((raw) => raw.replace(/\/+$/, "")),
  };
}

/**
 * An origin, scheme and host (and port), as the site's own address: pages
 * are served from its root, so a path would be lost in every link.
 */
export function origin(): Kind<z.ZodPipe<z.ZodString, z.ZodTransform<string, string>>> {
  return {
    allowed: "an http(s) origin such as `https://example.com`, no path",
    schema: z
      .string()
      .refine(
        (raw) => {
          const url = URL.parse(raw);
          return url !== null && /^https?:$/.test(url.protocol) && url.pathname === "/" && !url.search && !url.hash;
        },
        { error: (issue) => `${quoted(issue.input)} is not an http(s) origin such as https://example.com (no path)` },
      )
      .transform((raw) => new URL(raw).origin),
  };
}

// A deliberately loose check: the mail server has the last word on addresses.
export const looksLikeAddress = (value: string) => /^[^\s@<>]+@[^\s@<>]+$/.test(value);

/** An e-mail address. */
export function address(): Kind<z.ZodString> {
  return {
    allowed: "an e-mail address",
    schema: z
      .string()
      .refine(looksLikeAddress, { error: (issue) => `${quoted(issue.input)} is not an e-mail address` }),
  };
}

/** Words separated by commas, lower-cased, blanks dropped. */
export function list(allowed: string): Kind<z.ZodPipe<z.ZodString, z.ZodTransform<string[], string>>> {
  return {
    allowed,
    schema: z.string().transform((raw) =>
      raw
        .split(",")
        .map((word) => word.trim().toLowerCase())
        .filter(Boolean),
    ),
  };
}

const DURATION_UNITS: Record<string, number> = { ms: 1, s: 1000, min: 60_000, m: 60_000, h: 3_600_000 };
const DURATION = /^(\d+(?:\.\d+)?)\s*(ms|s|min|m|h)$/;

/**
 * Milliseconds of a duration such as `5min`, `30s`, `1h` or `500ms`; undefined for
 * `off` or `0`, NaN for anything else.
 * @example durationMs("90s") // 90_000
 */
export function durationMs(raw: string): number | undefined {
  const value = raw.trim().toLowerCase();
  if (value === "off" || value === "0") return undefined;
  const match = DURATION.exec(value);
  const ms = match ? Number(match[1]) * (DURATION_UNITS[match[2] ?? ""] ?? Number.NaN) : Number.NaN;
  return Number.isFinite(ms) && ms >= 100 ? Math.round(ms) : Number.NaN;
}

/** A duration of at least 100 ms, or `off`: milliseconds, or `false` for off. */
export function duration() {
  return {
    allowed: "a duration: `30s`, `5min`, `1h`, `500ms` (at least 100 ms), or `off`",
    schema: z
      .string()
      .refine((raw) => !Number.isNaN(durationMs(raw)), {
        error: (issue) => `${quoted(issue.input)} is not a duration such as 5min, 30s or 1h (at least 100ms), or off`,
      })
      .transform((raw) => durationMs(raw) ?? (false as const)),
  };
}

/** The names proxy-addr (Express's `trust proxy`) gives to ranges of addresses. */
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** Whether a `trust proxy` entry is an address, a CIDR range (or address/netmask) or a named range. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [host = "", prefix, ...rest] = entry.split("/");
  const family = isIP(host);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (/^\d{1,3}$/.test(prefix)) return Number(prefix) <= (family === 4 ? 32 : 128);
  // An IPv4 netmask (10.0.0.0/255.0.0.0) is accepted as well.
  return family === 4 && isIP(prefix) === 4;
}

/** A `trust proxy` setting of Express: addresses and ranges, a hop count, or none. */
export type TrustProxy = readonly string[] | number | false;

/**
 * Which proxies to believe about the client's address and scheme. `true`
 * (every sender) is refused: any client could then claim to be anyone, over HTTPS.
 */
export function proxies() {
  return {
    allowed:
      "`loopback`, `linklocal`, `uniquelocal`, addresses and CIDR ranges separated by commas, a number of proxies (1–100), or `false`",
    schema: z.string().transform((raw, context): TrustProxy => {
      if (raw.toLowerCase() === "false") return false;
      if (/^\d+$/.test(raw) && Number(raw) >= 1 && Number(raw) <= 100) return Number(raw);
      const entries = raw.split(",").map((entry) => entry.trim());
      if (entries.every(isProxyAddress)) return entries;
      context.addIssue({
        code: "custom",
        message:
          `${quoted(raw)} is not loopback (the default), addresses or CIDR ranges separated by commas ` +
          "(127.0.0.1,10.0.0.0/8), linklocal, uniquelocal, a number of proxies (1 to 100) or false",
      });
      return z.NEVER;
    }),
  };
}
