/**
 * The words the terminal understands, in both languages. Kept apart from the
 * interpreter so Tab completion offers exactly what the interpreter accepts.
 */
import type { Lang } from "~/i18n/paths.ts";

export type TopicCommand =
  | "help"
  | "about"
  | "projects"
  | "contact"
  | "companies"
  | "services"
  | "blog"
  | "certificates"
  | "whoami"
  | "clear";

/** Every spelling of every command, lowercased, pointing at what it does. */
export const commandWords: Readonly<Record<string, TopicCommand>> = {
  help: "help",
  sobre: "about",
  about: "about",
  projetos: "projects",
  projects: "projects",
  contato: "contact",
  contact: "contact",
  empresas: "companies",
  companies: "companies",
  servicos: "services",
  serviços: "services",
  services: "services",
  blog: "blog",
  certificados: "certificates",
  certificates: "certificates",
  whoami: "whoami",
  clear: "clear",
};

export type TerminalPage = "contact" | "projects" | "about" | "companies" | "services" | "blog" | "certificates";

/** Where `open {page}` goes, as a language-neutral path. */
export const pagePaths: Readonly<Record<TerminalPage, string>> = {
  contact: "/contact",
  projects: "/projects",
  about: "/about",
  companies: "/companies",
  services: "/services",
  blog: "/blog",
  certificates: "/certificates",
};

/** Every page name `open` accepts, in both languages. */
export const pageWords: Readonly<Record<string, TerminalPage>> = {
  contact: "contact",
  contato: "contact",
  projects: "projects",
  projetos: "projects",
  about: "about",
  sobre: "about",
  companies: "companies",
  empresas: "companies",
  services: "services",
  servicos: "services",
  serviços: "services",
  blog: "blog",
  certificates: "certificates",
  certificados: "certificates",
};

/**
 * The page `cd` goes to: every page `open` knows, as a directory (`/blog`,
 * `blog/`, `/projetos`) or a bare name, in either language.
 * @example directoryPage("/Blog/") // "blog"
 */
export function directoryPage(argument: string): TerminalPage | undefined {
  const name = argument.toLowerCase().replace(/^\/+/, "").replace(/\/+$/, "");
  return wordIn(pageWords, name);
}

/**
 * The entry of a typed word, never one of every object's own names (`constructor`).
 * @example wordIn(commandWords, "sobre") // "about"
 */
export function wordIn<T>(words: Readonly<Record<string, T>>, word: string): T | undefined {
  return Object.hasOwn(words, word) ? words[word] : undefined;
}

/** The spelling shown (in help and completion) for each command, per language. */
export const shownCommands: Readonly<Record<Lang, readonly string[]>> = {
  pt: ["help", "sobre", "projetos", "contato", "empresas", "servicos", "blog", "certificados", "whoami", "clear"],
  en: ["help", "about", "projects", "contact", "companies", "services", "blog", "certificates", "whoami", "clear"],
};

/** The page names shown (in help, usage and completion) per language. */
export const shownPages: Readonly<Record<Lang, readonly string[]>> = {
  pt: ["contato", "projetos", "sobre", "empresas", "servicos", "blog", "certificados"],
  en: ["contact", "projects", "about", "companies", "services", "blog", "certificates"],
};

/** The directories completed after `cd /`, per language: the pages, as paths. */
export const shownDirectories: Readonly<Record<Lang, readonly string[]>> = {
  pt: shownPages.pt.map((page) => `/${page}`),
  en: shownPages.en.map((page) => `/${page}`),
};
