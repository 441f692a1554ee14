import type { Dictionary } from "../pt.ts";

/** English strings of the portfolio pages. */
export const portfolio = {
  projectNotFound: {
    heading: "Project not found",
    back: "Back to projects",
  },
  serviceNotFound: {
    heading: "Service not found",
    back: "Back to services",
  },
} satisfies Dictionary["portfolio"];
