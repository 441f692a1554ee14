/**
 * Writes every pictogram the site draws as one SVG sprite,
 * `app/assets/icons.svg`: a `<symbol>` per interface icon listed in
 * `app/components/icons/names.ts` (Lucide's drawings) and per brand mark
 * (Simple Icons'), numbers rounded to two decimals (tools/build/svg-numbers.ts).
 * Pages then reference symbols by URL instead of carrying each drawing in
 * their HTML and JavaScript. The output is committed; run
 * this when a list changes:
 *   node tools/build/generate-icons.ts
 */
import { readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import * as simpleIcons from "simple-icons";
import { brandIconNames, symbolId, uiIconNames } from "../../app/components/icons/names.ts";
import { roundNumbers } from "./svg-numbers.ts";

const OUT = path.resolve(import.meta.dirname, "../../app/assets/icons.svg");
// Two decimals are far below a pixel on a 24-unit grid drawn at 16 to 40 CSS pixels.
const DECIMALS = 2;

// Simple Icons no longer ships LinkedIn's mark; this is a plain "in" monogram.
const linkedinPath =
  "M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5ZM3 9.75h4V21H3V9.75Zm6.5 0h3.8v1.6h.06c.53-.96 1.83-1.98 3.77-1.98 4.03 0 4.77 2.5 4.77 5.76V21h-4v-5.2c0-1.24-.02-2.84-1.8-2.84-1.8 0-2.08 1.35-2.08 2.75V21h-4V9.75Z";

// Instagram's mark as its shapes are: a rounded square, a ring and a dot, drawn with arcs. Simple Icons traces
// them with 60 curves (1,428 characters, 513 bytes of every page once compressed); these arcs draw the same within
// a tenth of a unit, in 339 characters.
const instagramPath =
  "M7 0h10a7 7 0 0 1 7 7v10a7 7 0 0 1-7 7H7a7 7 0 0 1-7-7V7a7 7 0 0 1 7-7m.2 2.16A5.04 5.04 0 0 0 2.16 7.2v9.6a5.04 5.04 0 0 0 5.04 5.04h9.6a5.04 5.04 0 0 0 5.04-5.04V7.2a5.04 5.04 0 0 0-5.04-5.04zM12 5.84a6.16 6.16 0 1 1 0 12.32 6.16 6.16 0 0 1 0-12.32M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8m6.39-3.86a1.44 1.44 0 1 1 0 2.88 1.44 1.44 0 0 1 0-2.88";

const brandPaths: Record<(typeof brandIconNames)[number], string> = {
  github: simpleIcons.siGithub.path,
  linkedin: linkedinPath,
  instagram: instagramPath,
  youtube: simpleIcons.siYoutube.path,
  discord: simpleIcons.siDiscord.path,
  x: simpleIcons.siX.path,
  facebook: simpleIcons.siFacebook.path,
};

type IconNode = [tag: string, attributes: Record<string, string>][];

/** Lucide's export name (aliases included) → the module file that draws it, read from its package index. */
async function lucideModules(): Promise<Map<string, string>> {
  const require = createRequire(import.meta.url);
  const packageDir = path.dirname(require.resolve("lucide-react/package.json"));
  const index = path.join(packageDir, "dist", "esm", "lucide-react.mjs");
  const source = await readFile(index, "utf8");
  const modules = new Map<string, string>();
  for (const match of source.matchAll(/export \{([^}]*)\} from '(\.\/icons\/[^']+\.mjs)'/g)) {
    const [, names = "", file = ""] = match;
    for (const name of names.matchAll(/default as (\w+)/g)) {
      if (name[1]) modules.set(name[1], path.join(path.dirname(index), file));
    }
  }
  return modules;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}

function drawing(node: IconNode): string {
  return node
    .map(([tag, attributes]) => {
      const attrs = Object.entries(attributes)
        .filter(([name]) => name !== "key")
        .map(([name, value]) => ` ${name}="${escapeAttribute(roundNumbers(String(value), DECIMALS))}"`)
        .join("");
      return `<${tag}${attrs}/>`;
    })
    .join("");
}

/**
 * Lucide's stroke style, written once on each interface symbol rather than on
 * every `<svg>` that shows one: a page with fifty icons carried these
 * attributes fifty times.
 */
const STROKE = ' fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"';

const modules = await lucideModules();
const symbols: string[] = [];
for (const name of uiIconNames) {
  const file = modules.get(name);
  if (!file) throw new Error(`Lucide has no icon named ${name}`);
  const { __iconData } = (await import(pathToFileURL(file).href)) as { __iconData: { node: IconNode } };
  symbols.push(`<symbol id="${symbolId(name)}" viewBox="0 0 24 24"${STROKE}>${drawing(__iconData.node)}</symbol>`);
}
for (const name of brandIconNames) {
  symbols.push(
    `<symbol id="brand-${name}" viewBox="0 0 24 24"><path d="${roundNumbers(brandPaths[name], DECIMALS)}"/></symbol>`,
  );
}

await writeFile(OUT, `<svg xmlns="http://www.w3.org/2000/svg" aria-hidden="true">${symbols.join("")}</svg>\n`);
console.info(`Wrote ${symbols.length} symbols to ${path.relative(process.cwd(), OUT)}`);
