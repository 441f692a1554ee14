/**
 * GitHub's OAuth 2.0 authorization-code flow with state and PKCE, through
 * arctic's generic client so every endpoint comes from configuration: the
 * same code talks to github.com, a GitHub Enterprise Server or the local
 * fake GitHub of development and tests.
 */
import { CodeChallengeMethod, generateCodeVerifier, generateState, OAuth2Client, OAuth2RequestError } from "arctic";
import type { GitHubProfile } from "./users.server.ts";

export interface GitHubEndpoints {
  clientId: string;
  clientSecret: string;
  /** Web origin, e.g. https://github.com */
  url: string;
  /** REST API base, e.g. https://api.github.com */
  apiUrl: string;
  /** Where GitHub sends the browser back: PUBLIC_URL + /auth/github/callback */
  redirectUri: string;
}

/** Profile and primary e-mail, nothing more. */
const SCOPES = ["read:user", "user:email"];

/** A sign-in GitHub refused; `message` is GitHub's own words when it gave any. */
export class GitHubSignInError extends Error {}

function client(endpoints: GitHubEndpoints) {
  return new OAuth2Client(endpoints.clientId, endpoints.clientSecret, endpoints.redirectUri);
}

/** The authorize URL to send the browser to, and the secrets the callback must match. */
export function createAuthorization(endpoints: GitHubEndpoints) {
  const state = generateState();
  const codeVerifier = generateCodeVerifier();
  const url = client(endpoints).createAuthorizationURLWithPKCE(
    `${endpoints.url}/login/oauth/authorize`,
    state,
    CodeChallengeMethod.S256,
    codeVerifier,
    SCOPES,
  );
  return { url, state, codeVerifier };
}

async function exchangeCode(endpoints: GitHubEndpoints, code: string, codeVerifier: string): Promise<string> {
  try {
    const tokens = await client(endpoints).validateAuthorizationCode(
      `${endpoints.url}/login/oauth/access_token`,
      code,
      codeVerifier,
    );
    // GitHub reports a bad code with HTTP 200 and an `error` field, which arctic passes through as tokens.
    const data = tokens.data as { error?: unknown; error_description?: unknown; access_token?: unknown };
    if (typeof data.error === "string") {
      throw new GitHubSignInError(typeof data.error_description === "string" ? data.error_description : data.error);
    }
    if (typeof data.access_token !== "string") throw new GitHubSignInError("GitHub returned no access token");
    return data.access_token;
  } catch (error) {
    if (error instanceof GitHubSignInError) throw error;
    if (error instanceof OAuth2RequestError) throw new GitHubSignInError(error.description ?? error.code);
    throw new GitHubSignInError(`GitHub could not be reached: ${(error as Error).message}`);
  }
}

async function api<T>(endpoints: GitHubEndpoints, token: string, path: string): Promise<T> {
  const response = await fetch(`${endpoints.apiUrl}${path}`, {
    headers: {
      Authorization: `Bearer ${token}`,
      Accept: "application/vnd.github+json",
      "User-Agent": "portfolio-sign-in",
    },
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new GitHubSignInError(`GitHub answered ${response.status} to ${path}`);
  return (await response.json()) as T;
}

interface GitHubUser {
  id: number;
  login: string;
  name: string | null;
  avatar_url: string | null;
  email: string | null;
}

interface GitHubEmail {
  email: string;
  primary: boolean;
  verified: boolean;
}

/** Trades the callback's code for a token and reads who signed in; the token itself is not kept. */
export async function fetchProfile(endpoints: GitHubEndpoints, code: string, codeVerifier: string) {
  const token = await exchangeCode(endpoints, code, codeVerifier);
  const user = await api<GitHubUser>(endpoints, token, "/user");
  if (typeof user.id !== "number" || typeof user.login !== "string") {
    throw new GitHubSignInError("GitHub returned an unexpected profile");
  }
  // A private e-mail is missing from /user; the primary verified one is in /user/emails.
  const emails = await api<GitHubEmail[]>(endpoints, token, "/user/emails").catch(() => []);
  const primary = emails.find((entry) => entry.primary && entry.verified)?.email;
  const profile: GitHubProfile = {
    githubId: user.id,
    login: user.login,
    name: user.name || null,
    avatarUrl: user.avatar_url || null,
    email: primary ?? user.email ?? null,
  };
  return profile;
}
