/**
 * Portuguese UI strings: the reference dictionary. Every other language is
 * typed against this one, so a missing key fails the typecheck.
 */
import { admin } from "./pt/admin.ts";
import { blog } from "./pt/blog.ts";
import { contact } from "./pt/contact.ts";
import { home } from "./pt/home.ts";
import { newsletter } from "./pt/newsletter.ts";
import { portfolio } from "./pt/portfolio.ts";
import { shell } from "./pt/shell.ts";
import { terminal } from "./pt/terminal.ts";

export const pt = {
  ...shell,
  // Areas with many strings live in their own files, one per area and language.
  portfolio,
  home,
  admin,
  contact,
  terminal,
  blog,
  newsletter,
};

/** The shape every dictionary must have: same keys, string leaves. */
export type Dictionary = Widen<typeof pt>;
type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
