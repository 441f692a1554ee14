/**
 * A remote fediverse instance for the tests, written without Fedify: one
 * account (`alice`) with WebFinger, an actor carrying an RSA key, a shared
 * and a personal inbox that record what arrives and check its signature
 * with node:crypto, and notes of its own it serves for lookups. It signs
 * what it sends either way a real server does: draft-cavage-12 (Mastodon)
 * or RFC 9421, and can forge or age a signature for the refusal tests.
 * Listens on 127.0.0.1 only.
 */
import {
  createHash,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  randomUUID,
  sign,
  verify,
} from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export type SignatureSpec = "cavage" | "rfc9421";

export interface Received {
  path: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
  /** Whether its signature verified against the sender's published key (cavage or RFC 9421). */
  verified: boolean;
  /** Why not, when it did not. */
  problem?: string;
  at: number;
  /** Set once the peer's 202 was written to a live connection: the sender could see it accepted. */
  answered: boolean;
  /** The port the request came from: its sender's end of the connection. */
  senderPort: number;
}

export interface SendOptions {
  spec?: SignatureSpec;
  /** Signs with a key that is not the one the actor publishes. */
  forge?: boolean;
  /** Signs as if at this time (a stale Date, an old `created`). */
  at?: Date;
  /** Sends without any signature. */
  unsigned?: boolean;
  contentType?: string;
  /** A raw body instead of the activity's JSON. */
  rawBody?: string;
  username?: string;
}

interface Account {
  username: string;
  keys: { publicKey: KeyObject; privateKey: KeyObject };
}

const json = (value: unknown) => JSON.stringify(value);

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** The draft-cavage signing string of a request. */
function cavageString(method: string, url: URL, headers: Record<string, string>, names: string[]): string {
  return names
    .map((name) =>
      name === "(request-target)"
        ? `(request-target): ${method.toLowerCase()} ${url.pathname}${url.search}`
        : `${name}: ${headers[name] ?? ""}`,
    )
    .join("\n");
}

/** The RFC 9421 signature base of a request, for the components this peer signs and checks. */
function rfc9421Base(method: string, url: URL, headers: Record<string, string>, components: string[], params: string) {
  const lines = components.map((component) => {
    const value =
      component === "@method"
        ? method.toUpperCase()
        : component === "@target-uri"
          ? url.href
          : component === "@authority"
            ? url.host
            : component === "@path"
              ? url.pathname
              : (headers[component] ?? "");
    return `"${component}": ${value}`;
  });
  lines.push(`"@signature-params": (${components.map((c) => `"${c}"`).join(" ")})${params}`);
  return lines.join("\n");
}

export class FediversePeer {
  readonly received: Received[] = [];
  readonly notes = new Map<string, Record<string, unknown>>();
  private readonly accounts = new Map<string, Account>();
  private readonly keyCache = new Map<string, KeyObject>();
  private server: Server | undefined;
  origin = "";
  /** How long an inbox waits before it answers (a slow instance, for the kill check). */
  answerDelayMs = 0;
  /** Each account's avatar, served at `/avatars/{username}.png` (its actor's icon); none: 404. */
  readonly avatars = new Map<string, { type: string; body: Uint8Array }>();
  /** The requests for avatars, by path. */
  readonly avatarRequests: string[] = [];

  /** Starts listening on a free port of 127.0.0.1 (or `port`). */
  async start(port = 0): Promise<this> {
    this.addAccount("alice");
    this.server = createServer((req, res) => {
      this.handle(req)
        .then(async ({ status, type, body, received }) => {
          if (received && this.answerDelayMs > 0)
            await new Promise((resolve) => setTimeout(resolve, this.answerDelayMs));
          if (received) res.on("finish", () => (received.answered = !res.destroyed));
          res.writeHead(status, { "Content-Type": type });
          res.end(body);
        })
        .catch((error: unknown) => {
          res.writeHead(500, { "Content-Type": "text/plain" });
          res.end(String(error));
        });
    });
    await new Promise<void>((resolve) => this.server?.listen(port, "127.0.0.1", resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  addAccount(username: string): void {
    this.accounts.set(username, { username, keys: generateKeyPairSync("rsa", { modulusLength: 2048 }) });
  }

  actorId(username = "alice"): string {
    return `${this.origin}/users/${username}`;
  }

  /** A Note by an account of this peer, kept so it can be fetched from its id. */
  note(content: string, inReplyTo: string, username = "alice"): Record<string, unknown> {
    const id = `${this.origin}/notes/${randomUUID()}`;
    const note = {
      id,
      type: "Note",
      attributedTo: this.actorId(username),
      content,
      inReplyTo,
      published: new Date().toISOString(),
      to: ["https://www.w3.org/ns/activitystreams#Public"],
      url: id,
    };
    this.notes.set(id, note);
    return note;
  }

  /** An activity of an account of this peer, with an id of its own. */
  activity(type: string, object: unknown, username = "alice", extra: Record<string, unknown> = {}) {
    return {
      "@context": "https://www.w3.org/ns/activitystreams",
      id: `${this.origin}/activities/${randomUUID()}`,
      type,
      actor: this.actorId(username),
      object,
      ...extra,
    };
  }

  /** Resolves `acct:name@host` through the site's WebFinger; the actor's id. */
  async webfinger(origin: string, handle: string): Promise<{ status: number; actor?: string; body?: unknown }> {
    const response = await fetch(`${origin}/.well-known/webfinger?resource=${encodeURIComponent(`acct:${handle}`)}`);
    if (!response.ok) return { status: response.status };
    const body = (await response.json()) as { links?: { rel: string; type?: string; href?: string }[] };
    const self = body.links?.find((link) => link.rel === "self" && link.type === "application/activity+json");
    return { status: response.status, body, ...(self?.href ? { actor: self.href } : {}) };
  }

  /** Sends an activity to an inbox, signed as the options say; the site's answer. */
  async send(inbox: string, activity: unknown, options: SendOptions = {}): Promise<Response> {
    const account = this.accounts.get(options.username ?? "alice");
    if (!account) throw new Error("no such account");
    const body = options.rawBody ?? json(activity);
    const url = new URL(inbox);
    const at = options.at ?? new Date();
    const headers: Record<string, string> = {
      host: url.host,
      date: at.toUTCString(),
      "content-type": options.contentType ?? "application/activity+json",
    };
    const keyId = `${this.actorId(account.username)}#main-key`;
    const privateKey = options.forge
      ? generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey
      : account.keys.privateKey;
    if (!options.unsigned) {
      if ((options.spec ?? "cavage") === "cavage") {
        headers.digest = `SHA-256=${createHash("sha256").update(body).digest("base64")}`;
        const names = ["(request-target)", "host", "date", "digest"];
        const signature = sign("sha256", Buffer.from(cavageString("POST", url, headers, names)), privateKey).toString(
          "base64",
        );
        headers.signature = `keyId="${keyId}",algorithm="rsa-sha256",headers="${names.join(" ")}",signature="${signature}"`;
      } else {
        headers["content-digest"] = `sha-256=:${createHash("sha256").update(body).digest("base64")}:`;
        const components = ["@method", "@target-uri", "@authority", "content-digest"];
        const params = `;alg="rsa-v1_5-sha256";keyid="${keyId}";created=${Math.floor(at.getTime() / 1000)}`;
        const base = rfc9421Base("POST", url, headers, components, params);
        const signature = sign("sha256", Buffer.from(base), privateKey).toString("base64");
        headers["signature-input"] = `sig1=(${components.map((c) => `"${c}"`).join(" ")})${params}`;
        headers.signature = `sig1=:${signature}:`;
      }
    }
    const { host: _host, ...sent } = headers;
    return fetch(inbox, { method: "POST", headers: sent, body });
  }

  /** What arrived at this peer's inboxes, once `predicate` holds for one of them (polled). */
  async waitFor(predicate: (received: Received) => boolean, timeoutMs: number): Promise<Received> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.received.find(predicate);
      if (found) return found;
      if (Date.now() > deadline)
        throw new Error(`Nothing matching arrived in ${timeoutMs} ms: ${json(this.received.map((r) => r.body.type))}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  private async handle(
    req: IncomingMessage,
  ): Promise<{ status: number; type: string; body: string | Uint8Array; received?: Received }> {
    const url = new URL(req.url ?? "/", this.origin);
    const activityJson = "application/activity+json";
    if (url.pathname === "/.well-known/webfinger") {
      const resource = url.searchParams.get("resource") ?? "";
      const username = /^acct:([^@]+)@/.exec(resource)?.[1] ?? "";
      if (!this.accounts.has(username)) return { status: 404, type: "text/plain", body: "no" };
      return {
        status: 200,
        type: "application/jrd+json",
        body: json({ subject: resource, links: [{ rel: "self", type: activityJson, href: this.actorId(username) }] }),
      };
    }
    const actorMatch = /^\/users\/([^/]+)$/.exec(url.pathname);
    if (actorMatch?.[1] && req.method === "GET") {
      const account = this.accounts.get(actorMatch[1]);
      if (!account) return { status: 404, type: "text/plain", body: "no" };
      const id = this.actorId(account.username);
      return {
        status: 200,
        type: activityJson,
        body: json({
          "@context": ["https://www.w3.org/ns/activitystreams", "https://w3id.org/security/v1"],
          id,
          type: "Person",
          preferredUsername: account.username,
          name: `${account.username[0]?.toUpperCase()}${account.username.slice(1)} Remote`,
          url: `${this.origin}/@${account.username}`,
          inbox: `${id}/inbox`,
          outbox: `${id}/outbox`,
          endpoints: { sharedInbox: `${this.origin}/inbox` },
          icon: { type: "Image", url: `${this.origin}/avatars/${account.username}.png`, mediaType: "image/png" },
          publicKey: {
            id: `${id}#main-key`,
            owner: id,
            publicKeyPem: account.keys.publicKey.export({ type: "spki", format: "pem" }),
          },
        }),
      };
    }
    const avatar = /^\/avatars\/([^/]+)\.png$/.exec(url.pathname);
    if (avatar?.[1] && req.method === "GET") {
      this.avatarRequests.push(url.pathname);
      const found = this.avatars.get(avatar[1]);
      if (!found) return { status: 404, type: "text/plain", body: "no" };
      return { status: 200, type: found.type, body: found.body };
    }
    const note = this.notes.get(`${this.origin}${url.pathname}`);
    if (note && req.method === "GET")
      return {
        status: 200,
        type: activityJson,
        body: json({ "@context": "https://www.w3.org/ns/activitystreams", ...note }),
      };
    if (req.method === "POST" && (url.pathname === "/inbox" || /^\/users\/[^/]+\/inbox$/.test(url.pathname))) {
      const text = await readBody(req);
      const headers = Object.fromEntries(
        Object.entries(req.headers).map(([name, value]) => [
          name,
          Array.isArray(value) ? value.join(", ") : (value ?? ""),
        ]),
      );
      const checked = await this.verify(url, headers, text);
      const received: Received = {
        path: url.pathname,
        headers,
        body: JSON.parse(text),
        ...checked,
        at: Date.now(),
        answered: false,
        senderPort: req.socket.remotePort ?? 0,
      };
      this.received.push(received);
      return { status: 202, type: "text/plain", body: "", received };
    }
    return { status: 404, type: "text/plain", body: "not found" };
  }

  /** Checks a request's draft-cavage or RFC 9421 signature against its sender's published RSA key. */
  private async verify(
    url: URL,
    headers: Record<string, string>,
    body: string,
  ): Promise<{ verified: boolean; problem?: string }> {
    try {
      const requestUrl = new URL(url.pathname + url.search, `http://${headers.host}`);
      if (headers["signature-input"]) {
        const input = /^(\w+)=\(([^)]*)\)(.*)$/.exec(headers["signature-input"]);
        if (!input) return { verified: false, problem: "bad Signature-Input" };
        const components = (input[2] ?? "").split(" ").map((c) => c.replaceAll('"', ""));
        const keyId = /keyid="([^"]+)"/.exec(input[3] ?? "")?.[1] ?? "";
        const digest = `sha-256=:${createHash("sha256").update(body).digest("base64")}:`;
        if (headers["content-digest"] !== digest) return { verified: false, problem: "content digest" };
        const base = rfc9421Base("POST", requestUrl, headers, components, input[3] ?? "");
        const signature = /:([^:]+):/.exec(headers.signature ?? "")?.[1] ?? "";
        const ok = verify("sha256", Buffer.from(base), await this.keyOf(keyId), Buffer.from(signature, "base64"));
        return ok ? { verified: true } : { verified: false, problem: "RFC 9421 signature" };
      }
      const fields = Object.fromEntries(
        [...(headers.signature ?? "").matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1] ?? "", m[2] ?? ""]),
      );
      if (!fields.keyId || !fields.headers || !fields.signature) return { verified: false, problem: "no signature" };
      const digest = `SHA-256=${createHash("sha256").update(body).digest("base64")}`;
      if (headers.digest !== digest) return { verified: false, problem: "digest" };
      const date = Date.parse(headers.date ?? "");
      if (!(Math.abs(Date.now() - date) < 60 * 60 * 1000)) return { verified: false, problem: "stale date" };
      const text = cavageString("POST", requestUrl, headers, fields.headers.split(" "));
      const ok = verify(
        "sha256",
        Buffer.from(text),
        await this.keyOf(fields.keyId),
        Buffer.from(fields.signature, "base64"),
      );
      return ok ? { verified: true } : { verified: false, problem: "cavage signature" };
    } catch (error) {
      return { verified: false, problem: String(error) };
    }
  }

  /** The public key a key id names, read from the actor document it belongs to. */
  private async keyOf(keyId: string): Promise<KeyObject> {
    const cached = this.keyCache.get(keyId);
    if (cached) return cached;
    const response = await fetch(keyId.split("#")[0] ?? keyId, { headers: { Accept: "application/activity+json" } });
    const actor = (await response.json()) as {
      publicKey?: { id: string; publicKeyPem: string } | { id: string; publicKeyPem: string }[];
    };
    const keys = Array.isArray(actor.publicKey) ? actor.publicKey : actor.publicKey ? [actor.publicKey] : [];
    const found = keys.find((key) => key.id === keyId);
    if (!found) throw new Error(`no key ${keyId}`);
    const key = createPublicKey(found.publicKeyPem);
    this.keyCache.set(keyId, key);
    return key;
  }
}
