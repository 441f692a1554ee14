/**
 * The writing surface's Markdown keys as pure edits of a text and its
 * selection: bold, italic, code, link, headings, list continuation, and
 * indenting inside lists and code fences. Each returns the replacement to
 * make (the editor applies it as typing would, so undo keeps working) and
 * the selection after it, or null when the key should do what it always does.
 */

/** A text and the selection in it (start = end: a caret). */
export interface TextState {
  text: string;
  start: number;
  end: number;
}

/** Replace `from`..`to` with `insert`, then select `selectionStart`..`selectionEnd`. */
export interface TextEdit {
  from: number;
  to: number;
  insert: string;
  selectionStart: number;
  selectionEnd: number;
}

const lineStartOf = (text: string, index: number) => text.lastIndexOf("\n", index - 1) + 1;
const lineEndOf = (text: string, index: number) => {
  const end = text.indexOf("\n", index);
  return end === -1 ? text.length : end;
};

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
/** A list item's start: indentation, marker (`-`, `*`, `+`, `1.` or `1)`), a space, maybe a task box. */
const LIST_ITEM = /^(\s*)([-*+]|\d{1,9}[.)])([ \t]+)(\[[ xX]\][ \t]+)?/;

/**
 * Whether `index` lies inside a fenced code block (between an opening fence
 * line and its closing one).
 * @example isInCodeFence("```\nx\n```", 4) // true
 */
export function isInCodeFence(text: string, index: number): boolean {
  let open: string | undefined;
  let position = 0;
  const lineStart = lineStartOf(text, index);
  while (position < lineStart) {
    const end = lineEndOf(text, position);
    const fence = FENCE.exec(text.slice(position, end))?.[1];
    if (fence) {
      if (open === undefined) open = fence[0];
      else if (fence[0] === open) open = undefined;
    }
    position = end + 1;
  }
  // The opening fence's own line is not inside the block; the closing one is not either.
  if (open === undefined) return false;
  return !FENCE.test(text.slice(lineStart, lineEndOf(text, lineStart)));
}

/**
 * Bold, italic or inline code around the selection, or off again when the
 * selection is already wrapped in it. Spaces at the selection's ends stay
 * outside the markers; with nothing selected, the caret lands between them.
 * @example wrapSelection({ text: "a b", start: 2, end: 3 }, "**") // "a **b**", "b" selected
 */
export function wrapSelection({ text, start, end }: TextState, marker: string): TextEdit {
  let from = start;
  let to = end;
  while (from < to && /\s/.test(text[from] ?? "")) from++;
  while (to > from && /\s/.test(text[to - 1] ?? "")) to--;
  const selected = text.slice(from, to);
  const size = marker.length;
  // The run of the marker's sign on each side: "**x**" is bold, not italic inside italic.
  const sign = marker[0] ?? "";
  let before = 0;
  while (text[from - before - 1] === sign) before++;
  let after = 0;
  while (text[to + after] === sign) after++;
  const run = Math.min(before, after);
  if (size === 1 ? run % 2 === 1 : run >= size) {
    return { from: from - size, to: to + size, insert: selected, selectionStart: from - size, selectionEnd: to - size };
  }
  if (selected.length > 2 * size && selected.startsWith(marker) && selected.endsWith(marker)) {
    const inner = selected.slice(size, -size);
    return { from, to, insert: inner, selectionStart: from, selectionEnd: from + inner.length };
  }
  return {
    from,
    to,
    insert: `${marker}${selected}${marker}`,
    selectionStart: from + size,
    selectionEnd: to + size,
  };
}

/**
 * A link around the selection: `[text](https://)` with the address selected
 * for typing; a selected address becomes the link's target, its text selected.
 * @example insertLink({ text: "see docs", start: 4, end: 8 }, "link") // "see [docs](https://)"
 */
export function insertLink({ text, start, end }: TextState, placeholder: string): TextEdit {
  const selected = text.slice(start, end);
  if (/^https?:\/\/\S+$/.test(selected)) {
    const insert = `[${placeholder}](${selected})`;
    return { from: start, to: end, insert, selectionStart: start + 1, selectionEnd: start + 1 + placeholder.length };
  }
  const label = selected || placeholder;
  const insert = `[${label}](https://)`;
  const address = start + label.length + 3;
  return { from: start, to: end, insert, selectionStart: address, selectionEnd: address + "https://".length };
}

/**
 * The selected lines as a heading of `level` (1 to 3), or back to plain text
 * when they already are one of that level.
 * @example toggleHeading({ text: "Title", start: 0, end: 0 }, 2) // "## Title"
 */
export function toggleHeading({ text, start, end }: TextState, level: 1 | 2 | 3): TextEdit {
  const from = lineStartOf(text, start);
  const to = lineEndOf(text, end);
  const lines = text.slice(from, to).split("\n");
  const prefix = `${"#".repeat(level)} `;
  const already = lines.every((line) => line.startsWith(prefix) || line.trim() === "");
  const changed = lines.map((line) => {
    if (line.trim() === "") return line;
    const bare = line.replace(/^#{1,6}\s+/, "");
    return already ? bare : `${prefix}${bare}`;
  });
  const insert = changed.join("\n");
  const firstShift = (changed[0]?.length ?? 0) - (lines[0]?.length ?? 0);
  const caret = Math.max(from, start + firstShift);
  return {
    from,
    to,
    insert,
    selectionStart: caret,
    selectionEnd: start === end ? caret : from + insert.length,
  };
}

/** How far a list item nests under the item above it: its marker and space. */
function listStep(text: string, lineStart: number): number {
  const before = text.slice(0, Math.max(0, lineStart - 1)).split("\n");
  for (let i = before.length - 1; i >= 0; i--) {
    const line = before[i] ?? "";
    if (line.trim() === "") break;
    const item = LIST_ITEM.exec(line);
    if (item) return (item[2]?.length ?? 1) + (item[3]?.length ?? 1);
  }
  return 2;
}

/**
 * Tab and Shift+Tab inside a list or a code fence: the selected lines move
 * in (by the list's step, or two spaces in code) or out. Elsewhere null, and
 * Tab moves the focus as usual.
 * @example indentLines({ text: "- a\n- b", start: 6, end: 6 }, false) // "- a\n  - b"
 */
export function indentLines({ text, start, end }: TextState, outdent: boolean): TextEdit | null {
  const from = lineStartOf(text, start);
  const to = lineEndOf(text, end > start && text[end - 1] === "\n" ? end - 1 : end);
  const inCode = isInCodeFence(text, start);
  const inList = LIST_ITEM.test(text.slice(from, lineEndOf(text, from)));
  if (!inCode && !inList) return null;
  const step = inCode ? 2 : listStep(text, from);
  const lines = text.slice(from, to).split("\n");
  const removed: number[] = [];
  const changed = lines.map((line) => {
    if (!outdent) return line === "" && lines.length > 1 ? line : `${" ".repeat(step)}${line}`;
    const spaces = /^ */.exec(line)?.[0].length ?? 0;
    const cut = Math.min(spaces, step);
    removed.push(cut);
    return line.slice(cut);
  });
  const insert = changed.join("\n");
  if (insert === text.slice(from, to)) return null;
  const firstShift = outdent ? -(removed[0] ?? 0) : (changed[0]?.length ?? 0) - (lines[0]?.length ?? 0);
  const selectionStart = Math.max(from, start + firstShift);
  const selectionEnd = start === end ? selectionStart : Math.max(selectionStart, end + insert.length - (to - from));
  return { from, to, insert, selectionStart, selectionEnd };
}

/**
 * Enter in a list item: a new item with the same indentation and marker
 * (the next number, an empty task box); Enter in an empty item ends the
 * list instead. Null outside lists, inside code fences and with a selection.
 * @example continueList({ text: "1. one", start: 6, end: 6 }) // "1. one\n2. "
 */
export function continueList({ text, start, end }: TextState): TextEdit | null {
  if (start !== end || isInCodeFence(text, start)) return null;
  const from = lineStartOf(text, start);
  const line = text.slice(from, lineEndOf(text, from));
  const item = LIST_ITEM.exec(line);
  if (!item) return null;
  const [prefix, indent = "", marker = "-", gap = " ", task] = item;
  // A caret within the marker itself is not a place to split an item.
  if (start - from < prefix.length) return null;
  if (line.slice(prefix.length).trim() === "") {
    // An empty item ends the list: its marker goes, the line stays.
    return { from, to: from + line.length, insert: "", selectionStart: from, selectionEnd: from };
  }
  const ordered = /^(\d+)([.)])$/.exec(marker);
  const next = ordered ? `${Number(ordered[1]) + 1}${ordered[2]}` : marker;
  const insert = `\n${indent}${next}${gap}${task ? "[ ] " : ""}`;
  return { from: start, to: start, insert, selectionStart: start + insert.length, selectionEnd: start + insert.length };
}

/** The block (paragraph, list, heading, fence...) `index` falls in, counted from 0, and how many blocks there are. */
export function blockAt(text: string, index: number): { block: number; blocks: number } {
  let block = 0;
  let blocks = 0;
  let inBlock = false;
  let fence: string | undefined;
  let position = 0;
  while (position <= text.length) {
    const end = lineEndOf(text, position);
    const line = text.slice(position, end);
    const marker = FENCE.exec(line)?.[1];
    const blank = line.trim() === "" && fence === undefined;
    if (!blank && !inBlock) {
      blocks++;
      inBlock = true;
    }
    if (blank) inBlock = false;
    if (marker) {
      if (fence === undefined) fence = marker[0];
      else if (marker[0] === fence) fence = undefined;
    }
    if (position <= index && index <= end) block = Math.max(0, blocks - 1);
    if (end >= text.length) break;
    position = end + 1;
  }
  return { block, blocks: Math.max(blocks, 1) };
}
