import type { AuthSettings } from "../services.server.ts";
import { type RateLimitFactory, rateLimitFactory } from "./rate-limit.server.ts";

const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;

export interface SignInConfig {
  publicUrl: string;
  github: { clientId: string | undefined; clientSecret: string | undefined; url: string; apiUrl: string };
  authorLogins: readonly string[];
  signInRateLimit: number;
}

/**
 * Sign-in settings from the server configuration, resolved once at startup.
 * `limiters` makes the attempts counter (in memory unless the server shares a database).
 */
export function createAuthSettings(
  config: SignInConfig,
  limiters: RateLimitFactory = rateLimitFactory(),
): AuthSettings {
  const { clientId, clientSecret, url, apiUrl } = config.github;
  return {
    github:
      clientId && clientSecret
        ? { clientId, clientSecret, url, apiUrl, redirectUri: `${config.publicUrl}/auth/github/callback` }
        : null,
    authorLogins: config.authorLogins.map((login) => login.toLowerCase()),
    secureCookies: new URL(config.publicUrl).protocol === "https:",
    signInLimiter: limiters("sign-in", config.signInRateLimit, SIGN_IN_WINDOW_MS),
  };
}

/** Where the Login form may lead: GitHub's origin, once sign-in is configured (for CSP form-action). */
export function signInFormTargets(settings: AuthSettings | undefined): string[] {
  return settings?.github ? [new URL(settings.github.url).origin] : [];
}

/** GitHub logins are case-insensitive. */
export function isAllowedAuthor(settings: AuthSettings, login: string): boolean {
  return settings.authorLogins.includes(login.toLowerCase());
}
