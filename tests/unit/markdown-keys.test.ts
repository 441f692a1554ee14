import { describe, expect, it } from "vitest";
import {
  blockAt,
  continueList,
  indentLines,
  insertLink,
  isInCodeFence,
  type TextEdit,
  type TextState,
  toggleHeading,
  wrapSelection,
} from "~/components/admin/editor/markdown-keys.ts";
import { countWords, readingMinutes } from "~/components/admin/editor/text-stats.ts";

/** The text and selection after an edit, the selection marked with [ ] (or | for a caret). */
function applied(state: TextState, edit: TextEdit | null): string {
  if (!edit) return "unchanged";
  const text = state.text.slice(0, edit.from) + edit.insert + state.text.slice(edit.to);
  if (edit.selectionStart === edit.selectionEnd) {
    return `${text.slice(0, edit.selectionStart)}|${text.slice(edit.selectionStart)}`;
  }
  return `${text.slice(0, edit.selectionStart)}[${text.slice(edit.selectionStart, edit.selectionEnd)}]${text.slice(edit.selectionEnd)}`;
}

/** A state from a text with its selection marked with [ ] or a caret with |. */
function state(marked: string): TextState {
  const caret = marked.indexOf("|");
  if (caret >= 0) return { text: marked.replace("|", ""), start: caret, end: caret };
  const start = marked.indexOf("[");
  const end = marked.indexOf("]") - 1;
  return { text: marked.replace("[", "").replace("]", ""), start, end };
}

describe("bold, italic and code", () => {
  it.each([
    ["um [dois] três", "**", "um **[dois]** três"],
    ["um [dois ]três", "**", "um **[dois]** três"],
    ["um |três", "**", "um **|**três"],
    ["um **[dois]** três", "**", "um [dois] três"],
    ["um [**dois**] três", "**", "um [dois] três"],
    ["veja [npm i]", "`", "veja `[npm i]`"],
    ["uma [ideia]", "*", "uma *[ideia]*"],
    ["**[negrito]**", "*", "***[negrito]***"],
    ["***[ambos]***", "*", "**[ambos]**"],
    ["***[ambos]***", "**", "*[ambos]*"],
    ["*[itálico]*", "**", "***[itálico]***"],
  ])("%s with %s gives %s", (marked, marker, expected) => {
    const given = state(marked);
    expect(applied(given, wrapSelection(given, marker))).toBe(expected);
  });
});

describe("links", () => {
  it("wraps the selected words and selects the address to type", () => {
    const given = state("leia [a doc] hoje");
    expect(applied(given, insertLink(given, "texto"))).toBe("leia [a doc]([https://]) hoje");
  });
  it("takes a selected address as the target and selects the text to type", () => {
    const given = state("veja [https://example.com]");
    expect(applied(given, insertLink(given, "texto"))).toBe("veja [[texto]](https://example.com)");
  });
  it("starts an empty link at a caret", () => {
    const given = state("fim |");
    expect(applied(given, insertLink(given, "texto"))).toBe("fim [texto]([https://])");
  });
});

describe("headings", () => {
  it.each([
    ["Tít|ulo", 2, "## Tít|ulo"],
    ["## Tít|ulo", 2, "Tít|ulo"],
    ["### Tít|ulo", 1, "# Tít|ulo"],
  ] as const)("%s as level %i gives %s", (marked, level, expected) => {
    const given = state(marked);
    expect(applied(given, toggleHeading(given, level))).toBe(expected);
  });
});

describe("Tab in lists and code", () => {
  it("nests a list item under the one above by its marker's width", () => {
    const given = state("- um\n- do|is");
    expect(applied(given, indentLines(given, false))).toBe("- um\n  - do|is");
    const ordered = state("1. um\n2. do|is");
    expect(applied(ordered, indentLines(ordered, false))).toBe("1. um\n   2. do|is");
  });
  it("moves a nested item back out with Shift+Tab", () => {
    const given = state("- um\n  - do|is");
    expect(applied(given, indentLines(given, true))).toBe("- um\n- do|is");
  });
  it("indents every selected line of a code block by two spaces", () => {
    const given = state("```\n[a\nb]\n```");
    expect(applied(given, indentLines(given, false))).toBe("```\n  [a\n  b]\n```");
  });
  it("leaves Tab alone in a paragraph, so the focus moves on", () => {
    const given = state("um parágrafo|");
    expect(indentLines(given, false)).toBeNull();
    const flat = state("- na margem|");
    expect(indentLines(flat, true)).toBeNull();
  });
});

describe("Enter in lists", () => {
  it.each([
    ["- um|", "- um\n- |"],
    ["  * um|", "  * um\n  * |"],
    ["9. nove|", "9. nove\n10. |"],
    ["1) um|", "1) um\n2) |"],
    ["- [x] feito|", "- [x] feito\n- [ ] |"],
    ["- um\n- |", "- um\n|"],
  ])("%j gives %j", (marked, expected) => {
    const given = state(marked);
    expect(applied(given, continueList(given))).toBe(expected);
  });
  it("is a plain Enter outside lists and inside code fences", () => {
    expect(continueList(state("texto|"))).toBeNull();
    expect(continueList(state("```\n- não é lista|\n```"))).toBeNull();
  });
});

describe("code fences", () => {
  it("knows the lines between fences, not the fences", () => {
    const text = "a\n```js\nb\n```\nc";
    expect(isInCodeFence(text, text.indexOf("b"))).toBe(true);
    expect(isInCodeFence(text, text.indexOf("js"))).toBe(false);
    expect(isInCodeFence(text, text.indexOf("c"))).toBe(false);
  });
});

describe("the block under the caret", () => {
  it("counts paragraphs, keeping a fence with blank lines as one block", () => {
    const text = "# Um\n\nDois\n\n```\nx\n\ny\n```\n\nQuatro";
    expect(blockAt(text, 0)).toEqual({ block: 0, blocks: 4 });
    expect(blockAt(text, text.indexOf("y"))).toEqual({ block: 2, blocks: 4 });
    expect(blockAt(text, text.length)).toEqual({ block: 3, blocks: 4 });
  });
});

describe("words and reading time", () => {
  it("counts words as a reader reads them", () => {
    expect(countWords("## Olá, **mundo**\n\n- [um link](https://a.b)\n\n![imagem](/x.png)")).toBe(4);
    expect(countWords("")).toBe(0);
  });
  it("takes at least a minute, 200 words a minute", () => {
    expect(readingMinutes(0)).toBe(1);
    expect(readingMinutes(201)).toBe(2);
  });
});
