import { describe, expect, it } from "vitest";
import { excerptOf } from "~/server/blog/excerpt.server.ts";

const made = (content: string) => excerptOf({ excerpt: null, content });

describe("the excerpt made from a post's text is plain words", () => {
  it.each([
    ["# Título #\n\nUm `snake_case` e __forte__ e \\*literal\\*.", "Título. Um snake_case e forte e *literal*."],
    ["***negrito itálico*** ~~riscado~~", "negrito itálico riscado"],
    ["Texto\n\n---\n\n| a | b |\n|---|:-:|\n| 1 | 2 |", "Texto. a b. 1 2"],
    ["~~~\ncode\n~~~\nDepois [ref][1] e <https://x.dev>.\n\n[1]: https://y.dev", "Depois ref e https://x.dev."],
    ["Setext\n======\n\n- [x] feito\n- [ ] não\n\n1. um[^1]", "Setext. feito. não. um"],
    ["![capa](/a.png)\n\n[![logo](/b.png)](https://x.dev) Olá", "Olá"],
    ["```\na fence never closed\nis code to the end", ""],
    ['<div class="x">**Olá**</div>', "Olá"],
    ["Com **negrito**, `código` e _ênfase_.", "Com negrito, código e ênfase."],
  ])("%j -> %j", (content, expected) => {
    expect(made(content)).toBe(expected);
  });
});

describe("blocks stay apart in the excerpt", () => {
  it.each([
    // The case: a heading, then a list.
    [
      "## Por que funções puras\n\n- Fáceis de testar\n- Previsíveis",
      "Por que funções puras. Fáceis de testar. Previsíveis",
    ],
    // A block ending in punctuation gets a space only.
    [
      "## O que é?\n\nUma função.\n\nOutra linha:\n\n1. primeiro;\n2. segundo",
      "O que é? Uma função. Outra linha: primeiro; segundo",
    ],
    ['## "Citação."\n\nDepois', '"Citação." Depois'],
    // Lines of one paragraph are one block.
    ["Uma frase\nque continua\nna linha seguinte", "Uma frase que continua na linha seguinte"],
    ["Antes\n\n> citado\n> em duas linhas\n\nDepois", "Antes. citado em duas linhas. Depois"],
    ["<h2>Título</h2><p>Parágrafo</p><ul><li>um</li><li>dois</li></ul>", "Título. Parágrafo. um. dois"],
    ["Texto com <b>negrito</b> e <br> quebra", "Texto com negrito e quebra"],
    ["Título\n\n```js\ncódigo()\n```\n\nDepois", "Título. Depois"],
    ["Fim com escape\\.\n\nDepois", "Fim com escape. Depois"],
  ])("%j -> %j", (content, expected) => {
    expect(made(content)).toBe(expected);
  });

  it("cuts a long text with an ellipsis after the full stops are in", () => {
    const excerpt = made(`# Cabeçalho\n\n${"palavra ".repeat(60)}`);
    expect(excerpt.startsWith("Cabeçalho. palavra palavra")).toBe(true);
    expect(excerpt.endsWith("…")).toBe(true);
    expect(excerpt.length).toBeLessThanOrEqual(180);
  });
});
