/**
 * Writes the site's two variable fonts, cut down to what the site draws, into
 * `app/assets/fonts/`: the characters of `tools/build/font-characters.ts` (ASCII,
 * every Portuguese letter, the punctuation and arrows the texts use), the
 * weight axis narrowed to the weights the styles ask for (400 to 700), no
 * OpenType layout features (the texts need no ligatures, alternates or
 * combining marks; kerning alone weighed 2.8 KB, a fifth of the font) and no
 * hinting (phones and modern desktops don't use it). The text font's
 * outlines are then put on a grid of 1/256 em by tools/build/font-grid.py, which
 * brings it from 12.4 KB to about 9.5 KB: with the stylesheet and a picture
 * in flight beside it, it then arrives in a phone's first round trip
 * (docs/decisions/016-first-paint.md,
 * docs/decisions/034-a-text-font-in-one-round-trip.md). That step needs
 * Python's fontTools with Brotli (Debian: python3-fonttools python3-brotli;
 * PYTHON names the interpreter, default python3). The output is committed;
 * run this when a font or the character list changes:
 *   node tools/build/subset-fonts.ts
 */
import { execFileSync } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import subsetFont from "subset-font";
import { fontSettings } from "../../config/commands.ts";
import { settingsOrExit } from "../../config/read.ts";
import { characters } from "./font-characters.ts";

const require = createRequire(import.meta.url);
const OUT = path.resolve(import.meta.dirname, "../../app/assets/fonts");
const { python } = settingsOrExit(fontSettings);

/** `grid`: the font units tools/build/font-grid.py rounds outlines to (the terminal's font, loaded when it opens, keeps its own). */
const fonts: { source: string; out: string; grid?: number }[] = [
  {
    source: "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
    out: "inter-latin-wght.woff2",
    grid: 8,
  },
  {
    source: "@fontsource-variable/jetbrains-mono/files/jetbrains-mono-latin-wght-normal.woff2",
    out: "jetbrains-mono-latin-wght.woff2",
  },
];

/** The subset as WOFF2, its outlines first put on `grid` by tools/build/font-grid.py. */
async function onGrid(subset: Buffer, grid: number): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), "font-grid-"));
  try {
    const source = path.join(dir, "subset.ttf");
    const target = path.join(dir, "grid.woff2");
    await writeFile(source, subset);
    const script = path.join(import.meta.dirname, "font-grid.py");
    execFileSync(python, [script, source, target, String(grid)], { stdio: "inherit" });
    return await readFile(target);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

for (const font of fonts) {
  const input = await readFile(require.resolve(font.source));
  const options = { variationAxes: { wght: { min: 400, max: 700 } }, keepFeatures: [], noHinting: true };
  const output = font.grid
    ? await onGrid(await subsetFont(input, characters, { ...options, targetFormat: "sfnt" }), font.grid)
    : await subsetFont(input, characters, { ...options, targetFormat: "woff2" });
  await writeFile(path.join(OUT, font.out), output);
  console.info(`${font.out}: ${input.length} -> ${output.length} bytes`);
}
