import { admin } from "./en/admin.ts";
import { blog } from "./en/blog.ts";
import { contact } from "./en/contact.ts";
import { home } from "./en/home.ts";
import { newsletter } from "./en/newsletter.ts";
import { portfolio } from "./en/portfolio.ts";
import { shell } from "./en/shell.ts";
import { terminal } from "./en/terminal.ts";
import type { Dictionary } from "./pt.ts";

/** English UI strings, checked key for key against the Portuguese ones. */
export const en = {
  ...shell,
  portfolio,
  home,
  admin,
  contact,
  terminal,
  blog,
  newsletter,
} satisfies Dictionary;
