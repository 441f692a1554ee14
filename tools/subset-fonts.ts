/**
 * Writes the site's two variable fonts, cut down to what the site draws, into
 * `app/assets/fonts/`: the characters of `tools/font-characters.ts` (ASCII,
 * every Portuguese letter, the punctuation and arrows the texts use), the
 * weight axis narrowed to the weights the styles ask for (400 to 700), no
 * OpenType layout features (the texts need no ligatures, alternates or
 * combining marks; kerning alone weighed 2.8 KB, a fifth of the font) and no
 * hinting (phones and modern desktops don't use it). The text font then
 * weighs about 12 KB: every byte before the first paint delays it on a phone
 * network (docs/decisions/016-first-paint.md). The
 * output is committed; run this when a font or the character list changes:
 *   node tools/subset-fonts.ts
 */
import { readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import subsetFont from "subset-font";
import { characters } from "./font-characters.ts";

const require = createRequire(import.meta.url);
const OUT = path.resolve(import.meta.dirname, "../app/assets/fonts");

const fonts = [
  {
    source: "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
    out: "inter-latin-wght.woff2",
  },
  {
    source: "@fontsource-variable/jetbrains-mono/files/jetbrains-mono-latin-wght-normal.woff2",
    out: "jetbrains-mono-latin-wght.woff2",
  },
];

for (const font of fonts) {
  const input = await readFile(require.resolve(font.source));
  const output = await subsetFont(input, characters, {
    targetFormat: "woff2",
    variationAxes: { wght: { min: 400, max: 700 } },
    keepFeatures: [],
    noHinting: true,
  });
  await writeFile(path.join(OUT, font.out), output);
  console.info(`${font.out}: ${input.length} -> ${output.length} bytes`);
}
