import type { Dictionary } from "../pt.ts";

/** English strings of sign-in, sessions and the admin guard. */
export const auth = {
  loginError: "Error signing in with GitHub",
  logoutSuccess: "Signed out successfully",
  logoutError: "Error signing out",
  loginRequired: "You need to be signed in to access this page",
} satisfies Dictionary["auth"];
