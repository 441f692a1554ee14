/**
 * A small stand-in for GitHub's OAuth endpoints and the two REST calls the
 * site makes, for development and tests without the internet. It checks what
 * GitHub checks (client credentials, one-time codes, redirect URI, PKCE) and
 * answers errors the way GitHub does: HTTP 200 with an `error` field.
 * Never started in production.
 */
import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { type FakeAccount, fakeAccounts, fakeClientId, fakeClientSecret } from "./accounts.ts";
import { authorizePage } from "./page.ts";

interface PendingCode {
  account: FakeAccount;
  redirectUri: string;
  codeChallenge: string | null;
  expiresAt: number;
}

const CODE_TTL_MS = 10 * 60 * 1000;

function send(res: ServerResponse, status: number, body: unknown, type = "application/json") {
  res.writeHead(status, { "Content-Type": type, "Cache-Control": "no-store" });
  res.end(typeof body === "string" ? body : JSON.stringify(body));
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

function clientCredentials(req: IncomingMessage, form: URLSearchParams): [string | null, string | null] {
  const basic = req.headers.authorization?.match(/^Basic (.+)$/)?.[1];
  if (!basic) return [form.get("client_id"), form.get("client_secret")];
  const [id, secret] = Buffer.from(basic, "base64").toString("utf8").split(":");
  return [id ?? null, secret ?? null];
}

export function createFakeGitHub() {
  const codes = new Map<string, PendingCode>();
  const tokens = new Map<string, FakeAccount>();

  const tokenError = (res: ServerResponse, error: string, description: string) =>
    send(res, 200, { error, error_description: description, error_uri: "https://docs.github.com/apps" });

  async function accessToken(req: IncomingMessage, res: ServerResponse) {
    const form = await readForm(req);
    const [clientId, clientSecret] = clientCredentials(req, form);
    if (clientId !== fakeClientId || clientSecret !== fakeClientSecret) {
      return tokenError(
        res,
        "incorrect_client_credentials",
        "The client_id and/or client_secret passed are incorrect.",
      );
    }
    const code = form.get("code") ?? "";
    const pending = codes.get(code);
    codes.delete(code);
    if (!pending || pending.expiresAt < Date.now()) {
      return tokenError(res, "bad_verification_code", "The code passed is incorrect or expired.");
    }
    if (form.get("redirect_uri") !== pending.redirectUri) {
      return tokenError(res, "redirect_uri_mismatch", "The redirect_uri MUST match the registered callback URL.");
    }
    const verifier = form.get("code_verifier") ?? "";
    const challenge = createHash("sha256").update(verifier).digest("base64url");
    if (pending.codeChallenge !== null && challenge !== pending.codeChallenge) {
      return tokenError(res, "bad_verification_code", "The code_verifier does not match the code_challenge.");
    }
    const token = `gho_${randomBytes(18).toString("hex")}`;
    tokens.set(token, pending.account);
    send(res, 200, { access_token: token, token_type: "bearer", scope: "read:user,user:email" });
  }

  async function decide(req: IncomingMessage, res: ServerResponse) {
    const form = await readForm(req);
    const redirectUri = form.get("redirect_uri") ?? "";
    let target: URL;
    try {
      target = new URL(redirectUri);
    } catch {
      return send(res, 400, "redirect_uri is missing or not a URL", "text/plain");
    }
    const state = form.get("state");
    if (state) target.searchParams.set("state", state);
    const account = fakeAccounts.find((candidate) => candidate.login === form.get("login"));
    if (!account) {
      target.searchParams.set("error", "access_denied");
      target.searchParams.set("error_description", "The user has denied your application access.");
    } else {
      const code = randomBytes(10).toString("hex");
      codes.set(code, {
        account,
        redirectUri,
        codeChallenge: form.get("code_challenge"),
        expiresAt: Date.now() + CODE_TTL_MS,
      });
      target.searchParams.set("code", code);
    }
    res.writeHead(302, { Location: target.toString() });
    res.end();
  }

  function api(req: IncomingMessage, res: ServerResponse, path: string) {
    const token = req.headers.authorization?.match(/^(?:Bearer|token) (.+)$/i)?.[1] ?? "";
    const account = tokens.get(token);
    if (!account) return send(res, 401, { message: "Bad credentials" });
    if (path === "/user") {
      return send(res, 200, {
        id: account.id,
        login: account.login,
        name: account.name,
        email: account.publicEmail,
        avatar_url: `https://avatars.githubusercontent.com/u/${account.id}?v=4`,
      });
    }
    send(res, 200, [{ email: account.primaryEmail, primary: true, verified: true, visibility: "private" }]);
  }

  return createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake-github.local");
    const route = `${req.method} ${url.pathname}`;
    const handle = async () => {
      if (route === "GET /health") return send(res, 200, { ok: true });
      if (route === "GET /login/oauth/authorize") {
        if (url.searchParams.get("client_id") !== fakeClientId)
          return send(res, 404, "Unknown client_id", "text/plain");
        return send(res, 200, authorizePage(url.searchParams), "text/html; charset=utf-8");
      }
      if (route === "POST /login/oauth/authorize") return decide(req, res);
      if (route === "POST /login/oauth/access_token") return accessToken(req, res);
      if (route === "GET /user" || route === "GET /user/emails") return api(req, res, url.pathname);
      send(res, 404, { message: "Not Found" });
    };
    handle().catch((error: unknown) => send(res, 500, { message: String(error) }));
  });
}

/** Starts the fake GitHub; `url` serves as both GITHUB_URL and GITHUB_API_URL. */
export async function startFakeGitHub(port = 0, host = "127.0.0.1") {
  const server = createFakeGitHub();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolve);
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://${host}:${address.port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
