import type { Dictionary } from "../pt.ts";

/** English strings of sign-in, sessions and the admin guard. */
export const auth = {
  loginError: "Error signing in with GitHub",
  logoutSuccess: "Signed out successfully",
  logoutError: "Error signing out",
  loginRequired: "You need to be signed in to access this page",
  notAllowed: "This GitHub account is not allowed to sign in to this site",
  notConfigured: "Sign-in with GitHub is not configured on this server",
  tooManyAttempts: "Too many sign-in attempts. Try again in a few minutes",
} satisfies Dictionary["auth"];
