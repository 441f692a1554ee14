/**
 * The floating terminal's brain: one typed line in, the lines to print (and
 * perhaps a page to go to) out. Pure, so every command is unit-tested without
 * a browser; the window (`app/components/terminal/terminal-window.ts`) only
 * adds timing and focus. It is given the page's language and its strings and
 * imports nothing of React, so it travels in the terminal's own script.
 */
import { companies } from "~/content/companies.ts";
import { tr } from "~/content/localized.ts";
import { projects } from "~/content/projects.ts";
import { serviceCategories } from "~/content/services.ts";
import { format } from "~/i18n/format.ts";
import { type Lang, localizePath } from "~/i18n/paths.ts";
import type { Dictionary } from "~/i18n/pt.ts";
import { site } from "~/site.config.ts";
import {
  commandWords,
  directoryPage,
  pagePaths,
  pageWords,
  shownCommands,
  shownPages,
  type TopicCommand,
  wordIn,
} from "./vocabulary.ts";

/** The terminal's strings in one language (`app/i18n/{lang}/terminal.ts`). */
export type TerminalStrings = Dictionary["terminal"];

export interface TerminalResult {
  /** Lines to print, in order. */
  lines: string[];
  /** Wipe everything printed so far before printing `lines`. */
  clear?: true;
  /** A path in the current language to go to once the redirect delay has passed. */
  navigate?: string;
}

/**
 * Runs one line typed into the terminal, answering in `lang` with its strings
 * `t`. Returns `null` for a blank line, which the terminal ignores.
 * @example interpret("open projects", "en", enTerminal) // { lines: ["Redirecting to /en/projects..."], navigate: "/en/projects" }
 */
export function interpret(input: string, lang: Lang, t: TerminalStrings): TerminalResult | null {
  const typed = input.trim();
  if (typed === "") return null;
  const [head = "", ...rest] = typed.split(/\s+/);
  const word = head.toLowerCase();
  const argument = rest.join(" ");

  if (word === "open") {
    if (argument === "") return { lines: [format(t.openUsage, { pages: shownPages[lang].join(", ") })] };
    const page = wordIn(pageWords, argument.toLowerCase());
    if (!page) return { lines: [format(t.pageNotFound, { x: argument })] };
    return redirect(pagePaths[page], lang, t);
  }
  if (word === "cd") {
    const page = directoryPage(argument);
    if (!page) return { lines: [format(t.directoryNotFound, { x: argument })] };
    return redirect(pagePaths[page], lang, t);
  }

  const command = rest.length === 0 ? wordIn(commandWords, word) : undefined;
  if (!command) return { lines: [format(t.notFound, { x: typed })] };
  if (command === "clear") return { lines: [], clear: true };
  return { lines: topicLines(command, lang, t) };
}

function redirect(path: string, lang: Lang, t: TerminalStrings): TerminalResult {
  const target = localizePath(path, lang);
  return { lines: [format(t.redirecting, { path: target })], navigate: target };
}

const bullet = (text: string) => `  • ${text}`;

function topicLines(command: Exclude<TopicCommand, "clear">, lang: Lang, t: TerminalStrings): string[] {
  switch (command) {
    case "help":
      return helpLines(lang, t);
    case "about":
      return t.about.split("\n");
    case "projects":
      return [t.projectsTitle, ...projects.map((project) => bullet(tr(project.title, lang))), t.projectsHint];
    case "contact":
      return format(t.contact, { email: site.email, phone: site.phoneDisplay, location: site.location[lang] }).split(
        "\n",
      );
    case "companies":
      return [
        t.companiesTitle,
        ...companies.map((company) => bullet(`${company.name}: ${tr(company.description, lang)}`)),
        t.companiesHint,
      ];
    case "services":
      return [t.servicesTitle, ...serviceCategories.map((service) => bullet(tr(service.title, lang))), t.servicesHint];
    case "blog":
      return t.blog.split("\n");
    case "certificates":
      return t.certificates.split("\n");
    case "whoami":
      return t.whoami.split("\n");
  }
}

function helpLines(lang: Lang, t: TerminalStrings): string[] {
  const [help, about, projectsWord, contact, companiesWord, services, blog, certificates, whoami, clear] =
    shownCommands[lang];
  const rows: [string | undefined, string][] = [
    [help, t.helpHelp],
    [about, t.helpAbout],
    [projectsWord, t.helpProjects],
    [contact, t.helpContact],
    [companiesWord, t.helpCompanies],
    [services, t.helpServices],
    [blog, t.helpBlog],
    [certificates, t.helpCertificates],
    [whoami, t.helpWhoami],
    [clear, t.helpClear],
    [`open <${t.pageWord}>`, t.helpOpen],
    [`cd <${t.pageWord}>`, t.helpCd],
  ];
  const width = 14;
  return [
    t.helpTitle,
    ...rows
      .map(([name = "", description]) =>
        name.length < width
          ? `  ${name.padEnd(width)}${description}`
          : `  ${name}\n  ${"".padEnd(width)}${description}`,
      )
      .flatMap((row) => row.split("\n")),
    // One word per page, after a space: a narrow window wraps the list between words.
    `  ${format(t.helpPages, { pages: shownPages[lang].join(", ") })}`,
    t.helpKeys,
  ];
}
