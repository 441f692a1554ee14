/**
 * Markdown the parser would spend minutes on, found before it is parsed.
 * The parser (micromark, with GitHub's extensions) matches emphasis and link
 * brackets by walking back over every mark before the one it closes, and
 * merges a paragraph's pieces of text by moving the rest of the paragraph
 * each time, so one paragraph of thousands of unmatched `*`, `_`, `~`, `[`
 * or `]`, or of escapes (`\]`) between words, costs time that grows with the
 * square of their number (100 KB of `*a` took 29 s, 160 KB of `a\] ` 16 s);
 * lists or quotes nested thousands deep on one line (`- - - …`, `> > > …`)
 * cost as much and then exhaust the stack. No writing needs either, so a
 * paragraph (a heading, a table cell) may hold `MARKS_PER_BLOCK` marks
 * (a run of one of `*`, `_`, `~` counts once, each bracket once) and runs of
 * escapes or character references, and a line may open
 * `CONTAINERS_PER_LINE` lists or quotes.
 *
 * The marks are counted where the parser would meet them: in the text of
 * paragraphs, headings and cells as micromark itself reads the blocks (code,
 * fenced, indented or inline, is not counted), by a parse with the costly
 * constructs switched off, which takes time in line with the text.
 */
import { parse, postprocess, preprocess } from "micromark";
import { gfmTable } from "micromark-extension-gfm-table";

/** Emphasis, strikethrough and link marks one paragraph, heading or table cell may hold. */
export const MARKS_PER_BLOCK = 1000;
/** Lists and quotes one line may open, counting two columns of indentation as one. */
export const CONTAINERS_PER_LINE = 100;

export interface MarkdownHazard {
  /** `marks`: a block with more than `MARKS_PER_BLOCK` marks; `nesting`: a line deeper than `CONTAINERS_PER_LINE`. */
  kind: "marks" | "nesting";
  /** The line (from 1) the block or the line starts on. */
  line: number;
}

const MARKS = new Set(["*", "_", "~", "[", "]"]);
/** The marks, and the first characters of an escape and of a character reference. */
const CANDIDATES = new Set([...MARKS, "\\", "&"]);
const BULLETS = new Set(["-", "*", "+"]);
const isSpace = (char: string | undefined) => char === undefined || char === " " || char === "\t";
const isDigit = (char: string | undefined) => char !== undefined && char >= "0" && char <= "9";

/**
 * How deep a line can reach: the quote and list markers it starts with, and
 * its indentation (a nested list needs at least two columns a level), an
 * upper bound on how deep the parser goes for it.
 * @example containersOf("> - 1. texto") // 3
 */
export function containersOf(line: string): number {
  let markers = 0;
  let columns = 0;
  let i = 0;
  while (i < line.length) {
    const char = line[i];
    if (char === " ") columns += 1;
    else if (char === "\t") columns += 4;
    else if (char === ">") markers += 1;
    else if (char !== undefined && BULLETS.has(char) && isSpace(line[i + 1])) markers += 1;
    else if (isDigit(char)) {
      let end = i;
      while (end - i < 9 && isDigit(line[end])) end += 1;
      if ((line[end] !== "." && line[end] !== ")") || !isSpace(line[end + 1])) break;
      markers += 1;
      i = end;
    } else break;
    // The space after a marker is the marker's own.
    if (char !== " " && char !== "\t" && (line[i + 1] === " " || line[i + 1] === "\t")) i += 1;
    i += 1;
  }
  // A line without a marker opens nothing: what it continues, a line with markers opened.
  return markers === 0 ? 0 : markers + Math.floor(columns / 2);
}

/** The first line deeper than the limit, or 0. Linear: each line is looked at once, up to its first text. */
function deepLine(markdown: string): number {
  let line = 1;
  let start = 0;
  while (start <= markdown.length) {
    const end = markdown.indexOf("\n", start);
    const stop = end === -1 ? markdown.length : end;
    if (containersOf(markdown.slice(start, Math.min(stop, start + 4 * CONTAINERS_PER_LINE + 8))) > CONTAINERS_PER_LINE)
      return line;
    if (end === -1) break;
    start = end + 1;
    line += 1;
  }
  return 0;
}

// The constructs whose matching walks back: left out, their marks read as text and counted.
const counting = [{ disable: { null: ["attention", "labelStartLink", "labelStartImage", "labelEnd"] } }, gfmTable()];
/** Where the parser matches marks: each of these is read on its own. */
const BLOCKS = new Set(["paragraph", "atxHeadingText", "setextHeadingText", "tableHeader", "tableData"]);
/** Tokens that split a block's text, each counted as a mark. */
const SPLITTERS = new Set(["characterEscape", "characterReference"]);

/**
 * What in a text the parser cannot be given: every crowded block, or the
 * first line nested too deep (then nothing else is looked at), in the order
 * of the text. A text with none renders as Markdown; the writing desk and
 * an import refuse one with any, and the site shows it as plain text.
 * @example markdownHazards("*a".repeat(600)) // [{ kind: "marks", line: 1 }]
 * @example markdownHazards("Olá, *mundo*.") // []
 */
export function markdownHazards(markdown: string): MarkdownHazard[] {
  const deep = deepLine(markdown);
  if (deep > 0) return [{ kind: "nesting", line: deep }];
  // Every mark counted starts with one of these characters: a text with few of them in all needs no parse.
  let candidates = 0;
  for (let i = 0; i < markdown.length && candidates <= MARKS_PER_BLOCK; i += 1) {
    if (CANDIDATES.has(markdown[i] ?? "")) candidates += 1;
  }
  if (candidates <= MARKS_PER_BLOCK) return [];
  const events = postprocess(
    parse({ extensions: counting })
      .document()
      .write(preprocess()(markdown, undefined, true)),
  );
  const hazards: MarkdownHazard[] = [];
  let block: { line: number; marks: number; splitting: boolean } | undefined;
  let depth = 0;
  for (const [kind, token] of events) {
    if (BLOCKS.has(token.type)) {
      if (kind === "enter" && depth++ === 0) block = { line: token.start.line, marks: 0, splitting: false };
      if (kind === "exit" && --depth === 0 && block) {
        if (block.marks > MARKS_PER_BLOCK) hazards.push({ kind: "marks", line: block.line });
        block = undefined;
      }
    } else if (kind === "enter" && block) {
      if (SPLITTERS.has(token.type)) {
        // Escapes one after another (`\_\_\_`, a line to fill in) split the text once.
        if (!block.splitting) block.marks += 1;
        block.splitting = true;
      } else if (token.type === "data") {
        block.splitting = false;
        for (let offset = token.start.offset; offset < token.end.offset; offset += 1) {
          const char = markdown[offset] ?? "";
          // A run of one emphasis mark (`**`, `___`) is one sequence to match; each bracket is one.
          if (MARKS.has(char) && (char === "[" || char === "]" || markdown[offset - 1] !== char)) block.marks += 1;
        }
      }
    }
  }
  return hazards;
}
