/**
 * Writes the home page's technology marks as one SVG image,
 * `app/assets/tech-icons.svg`, from the Simple Icons package: the marks
 * listed in `app/content/home.ts` stacked one under the other, each with a
 * `<view>` named by its slug, so `tech-icons.svg#react` shows React's alone.
 * The page draws them as lazily loaded images: one request, made when the
 * section nears the screen, never one the first paint waits for
 * (docs/decisions/032-first-screen-requests.md). An image cannot take the
 * page's text colour, so the marks are one grey that keeps 4:1 against both
 * themes' backgrounds (the page brightens it in the dark theme). The output
 * is committed; run this when the list changes.
 *   node tools/build/generate-tech-icons.ts
 */
import { writeFile } from "node:fs/promises";
import path from "node:path";
import * as simpleIcons from "simple-icons";
import { technologies } from "../../app/content/home.ts";
import { roundNumbers } from "./svg-numbers.ts";

const OUT = path.resolve(import.meta.dirname, "../../app/assets/tech-icons.svg");
const TECH_MARK_FILL = "#737b8c";
const SIZE = 24;

const bySlug = new Map(
  Object.values(simpleIcons)
    .filter((icon): icon is simpleIcons.SimpleIcon => typeof icon === "object" && icon !== null && "slug" in icon)
    .map((icon) => [icon.slug, icon]),
);

const marks = technologies.map(({ icon: slug }, index) => {
  const icon = bySlug.get(slug);
  if (!icon) throw new Error(`Simple Icons has no icon with the slug "${slug}"`);
  const y = index * SIZE;
  return (
    `<view id="${slug}" viewBox="0 ${y} ${SIZE} ${SIZE}"/>` +
    `<path${y ? ` transform="translate(0 ${y})"` : ""} d="${roundNumbers(icon.path, 2)}"/>`
  );
});

const height = technologies.length * SIZE;
await writeFile(
  OUT,
  `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${height}" viewBox="0 0 ${SIZE} ${height}" fill="${TECH_MARK_FILL}" aria-hidden="true">${marks.join("")}</svg>\n`,
);
console.info(`Wrote ${marks.length} marks to ${path.relative(process.cwd(), OUT)}`);
