/**
 * Tab completion for the terminal: a command name, or the page after `open`,
 * or the directory after `cd`, in the current language.
 */
import type { Lang } from "~/i18n/paths.ts";
import { shownCommands, shownDirectories, shownPages } from "./vocabulary.ts";

export interface Completion {
  /** The new content of the input line. */
  value: string;
  /** Candidates still possible when the input cannot be completed to one; empty otherwise. */
  options: string[];
}

/** Commands followed by a page or directory, completed with a trailing space. */
const argumentCommands: readonly string[] = ["open", "cd"];

/**
 * Completes what is typed as far as it is unambiguous.
 * @example complete("op", "en") // { value: "open ", options: [] }
 * @example complete("open pro", "pt") // { value: "open projetos", options: [] }
 */
export function complete(input: string, lang: Lang): Completion {
  const match = /^(\s*)(\S+)(\s+)(.*)$/.exec(input);
  if (match) {
    const [, lead = "", head = "", gap = "", partial = ""] = match;
    const word = head.toLowerCase();
    const pool =
      word === "open"
        ? shownPages[lang]
        : word === "cd"
          ? partial.startsWith("/")
            ? shownDirectories[lang]
            : shownPages[lang]
          : null;
    if (!pool) return { value: input, options: [] };
    const done = extend(partial, pool);
    return { value: `${lead}${head}${gap}${done.value}`, options: done.options };
  }
  const lead = /^\s*/.exec(input)?.[0] ?? "";
  const partial = input.slice(lead.length);
  const done = extend(partial, [...shownCommands[lang], ...argumentCommands]);
  const takesArgument = argumentCommands.includes(done.value);
  return { value: `${lead}${done.value}${takesArgument ? " " : ""}`, options: done.options };
}

function extend(partial: string, pool: readonly string[]): Completion {
  const lower = partial.toLowerCase();
  const candidates = pool.filter((word) => word.startsWith(lower));
  const [first] = candidates;
  if (first === undefined) return { value: partial, options: [] };
  if (candidates.length === 1) return { value: first, options: [] };
  const prefix = commonPrefix(candidates);
  // Nothing more can be added: show what the visitor can choose from.
  return prefix.length > lower.length ? { value: prefix, options: [] } : { value: partial, options: candidates };
}

function commonPrefix(words: readonly string[]): string {
  return words.reduce((prefix, word) => {
    let end = 0;
    while (end < prefix.length && prefix[end] === word[end]) end++;
    return prefix.slice(0, end);
  });
}
