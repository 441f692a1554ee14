/**
 * Writes the home page's technology marks as one SVG sprite,
 * `app/assets/tech-icons.svg`, from the Simple Icons package: one `<symbol>`
 * per technology listed in `app/content/home.ts`, named by its slug. The
 * output is committed; run this when the list changes.
 *   node tools/generate-tech-icons.ts
 */
import { writeFile } from "node:fs/promises";
import path from "node:path";
import * as simpleIcons from "simple-icons";
import { technologies } from "../app/content/home.ts";

const OUT = path.resolve(import.meta.dirname, "../app/assets/tech-icons.svg");

const bySlug = new Map(
  Object.values(simpleIcons)
    .filter((icon): icon is simpleIcons.SimpleIcon => typeof icon === "object" && icon !== null && "slug" in icon)
    .map((icon) => [icon.slug, icon]),
);

const symbols = technologies.map(({ icon: slug }) => {
  const icon = bySlug.get(slug);
  if (!icon) throw new Error(`Simple Icons has no icon with the slug "${slug}"`);
  return `<symbol id="${slug}" viewBox="0 0 24 24"><path d="${icon.path}"/></symbol>`;
});

await writeFile(OUT, `<svg xmlns="http://www.w3.org/2000/svg" aria-hidden="true">${symbols.join("")}</svg>\n`);
console.info(`Wrote ${symbols.length} symbols to ${path.relative(process.cwd(), OUT)}`);
