import { describe, expect, it } from "vitest";
import { excerptOf } from "~/server/blog/excerpt.server.ts";

const made = (content: string) => excerptOf({ excerpt: null, content });

describe("the excerpt made from a post's text is plain words", () => {
  it.each([
    ["# Título #\n\nUm `snake_case` e __forte__ e \\*literal\\*.", "Título Um snake_case e forte e *literal*."],
    ["***negrito itálico*** ~~riscado~~", "negrito itálico riscado"],
    ["Texto\n\n---\n\n| a | b |\n|---|:-:|\n| 1 | 2 |", "Texto a b 1 2"],
    ["~~~\ncode\n~~~\nDepois [ref][1] e <https://x.dev>.\n\n[1]: https://y.dev", "Depois ref e https://x.dev."],
    ["Setext\n======\n\n- [x] feito\n- [ ] não\n\n1. um[^1]", "Setext feito não um"],
    ["![capa](/a.png)\n\n[![logo](/b.png)](https://x.dev) Olá", "Olá"],
    ["```\na fence never closed\nis code to the end", ""],
    ['<div class="x">**Olá**</div>', "Olá"],
    ["Com **negrito**, `código` e _ênfase_.", "Com negrito, código e ênfase."],
  ])("%j -> %j", (content, expected) => {
    expect(made(content)).toBe(expected);
  });
});
