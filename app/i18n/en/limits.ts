import type { LimitStrings } from "../pt/limits.ts";

/** English strings of the "too many requests" answer (429), sent by the server only. */
export const limits = {
  title: "Too many requests",
  heading: "Too many requests in a short time",
  description: "You have made too many requests in a short time. Try again in {seconds} s.",
  returnHome: "Return to Home",
} satisfies LimitStrings;
