import type { Dictionary } from "../pt.ts";

/** English strings of the home page and the floating terminal. */
export const home = {
  aboutMe: "About me",
  contactMe: "Contact me",
} satisfies Dictionary["home"];
