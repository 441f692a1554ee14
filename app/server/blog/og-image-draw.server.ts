/**
 * Draws a post's link-preview image: 1200 by 630 PNG, no browser. satori lays
 * the card out and turns its text into SVG paths with Inter (the site's
 * font, from @fontsource/inter: Latin, and Latin Extended when a title needs
 * it, 400 and 700), so no system font is needed; sharp turns the SVG into
 * PNG, over the post's cover when it has one (blurred and darkened, so the
 * title reads on any photo). Colours are the dark theme's design tokens of
 * `app/styles/app.css`.
 *
 * satori, sharp and the fonts load with the first image drawn (decision 013),
 * and images are drawn one at a time: each holds a few MB while it is made.
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import type { Lang } from "~/i18n";
import { dictionaryFor } from "~/i18n";
import { formatDate } from "~/lib/dates.ts";
import { OG_IMAGE_HEIGHT, OG_IMAGE_WIDTH } from "~/lib/og-image.ts";
import { hashtag } from "~/lib/tags.ts";
import { describeError, logWarning } from "~/server/log.server.ts";
import { site } from "~/site.config.ts";
import appCss from "~/styles/app.css?raw";

type SharpConstructor = typeof import("sharp")["default"];

export interface OgDrawing {
  lang: Lang;
  title: string;
  tags: readonly string[];
  publishedAt: string | Date;
  /** The cover's bytes (any format sharp reads), drawn as the background. */
  cover?: Uint8Array | undefined;
}

/** The dark theme's tokens the card uses. */
export interface OgPalette {
  bg: string;
  surface: string;
  line: string;
  fg: string;
  fgMuted: string;
  accent: string;
  accentStrong: string;
  accentFg: string;
  accent2: string;
}

const TOKENS: Record<keyof OgPalette, string> = {
  bg: "--bg",
  surface: "--surface",
  line: "--line",
  fg: "--fg",
  fgMuted: "--fg-muted",
  accent: "--accent",
  accentStrong: "--accent-strong",
  accentFg: "--accent-fg",
  accent2: "--accent-2",
};

/** The colours of a theme block of the stylesheet (`.dark`), by token. */
export function paletteFrom(css: string, selector = ".dark"): OgPalette {
  const start = css.indexOf(`\n${selector} {`);
  const block = start < 0 ? "" : css.slice(start, css.indexOf("}", start));
  const entries = Object.entries(TOKENS).map(([key, token]) => {
    const value = new RegExp(`${token}:\\s*(#[0-9a-fA-F]{3,8})\\s*;`).exec(block)?.[1];
    if (!value) throw new Error(`app/styles/app.css has no ${token} colour in ${selector}`);
    return [key, value];
  });
  return Object.fromEntries(entries) as OgPalette;
}

let palette: OgPalette | undefined;

// -- Fonts and the characters they draw ------------------------------------

const FONT_WEIGHTS = [400, 700] as const;
type Subset = "latin" | "latin-ext";
const FONT_FAMILIES: Record<Subset, string> = { latin: "Inter", "latin-ext": "Inter Latin Extended" };

interface FontFace {
  name: string;
  data: Buffer;
  weight: 400 | 700;
  style: "normal";
}

/** Where @fontsource/inter is: beside this module (source or build), or in the working directory's packages. */
function fontDirectory(): string {
  const file = "@fontsource/inter/files/inter-latin-400-normal.woff";
  try {
    return path.dirname(createRequire(import.meta.url).resolve(file));
  } catch {
    return path.dirname(createRequire(path.join(process.cwd(), "package.json")).resolve(file));
  }
}

/**
 * Code point ranges of a CSS unicode-range list.
 * @example parseUnicodeRanges("U+0000-00FF,U+0131") // [[0, 255], [305, 305]]
 */
export function parseUnicodeRanges(list: string): [number, number][] {
  return list.split(",").map((part) => {
    const [from = "", to = from] = part.trim().replace(/^U\+/i, "").split("-");
    return [Number.parseInt(from, 16), Number.parseInt(to, 16)];
  });
}

const within = (ranges: readonly [number, number][], code: number) =>
  ranges.some(([from, to]) => code >= from && code <= to);

/** Settles to the value, or forgets a failure so that the next call tries again. */
function remembered<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}

/** The characters each subset covers (its unicode-range). */
const subsetRanges = remembered(async () => {
  const unicode = JSON.parse(await readFile(path.join(fontDirectory(), "..", "unicode.json"), "utf8")) as Record<
    string,
    string
  >;
  return {
    latin: parseUnicodeRanges(unicode.latin ?? ""),
    "latin-ext": parseUnicodeRanges(unicode["latin-ext"] ?? ""),
  };
});

const readFaces = (subsets: readonly Subset[]) =>
  remembered(() =>
    Promise.all(
      FONT_WEIGHTS.flatMap((weight) =>
        subsets.map(async (subset) => ({
          // satori uses one face per family and weight: each subset is a family of its own, so a
          // character missing from the first is found in the second.
          name: FONT_FAMILIES[subset],
          data: await readFile(path.join(fontDirectory(), `inter-${subset}-${weight}-normal.woff`)),
          weight,
          style: "normal" as const,
        })),
      ),
    ),
  );
// One array per set: satori keeps the fonts it parsed per array.
const latinFaces = readFaces(["latin"]);
const extendedFaces = readFaces(["latin", "latin-ext"]);

/**
 * The fonts for a text and the characters they can draw. Latin Extended
 * (Central European letters, Vietnamese…) is loaded only for a text that
 * uses it: parsed, it keeps about 10 MB.
 */
async function fontsFor(text: string): Promise<{ fonts: FontFace[]; ranges: [number, number][] }> {
  const ranges = await subsetRanges();
  const extended = [...text].some((char) => {
    const code = char.codePointAt(0) ?? 0;
    return !within(ranges.latin, code) && within(ranges["latin-ext"], code);
  });
  return {
    fonts: await (extended ? extendedFaces() : latinFaces()),
    ranges: [...ranges.latin, ...ranges["latin-ext"]],
  };
}

const CONTROL = /[\p{Cc}\p{Cf}]/u;

/**
 * Text the fonts can draw. A letter they lack is drawn without its accents
 * when they have its base letter (U+1EC7, e with circumflex and dot below, as e); other characters they lack
 * (emoji, CJK and other scripts) and control characters are left out, and
 * the spaces around them closed up, instead of drawing "missing glyph" boxes.
 * @example drawableText("Vi\u1EC7t \u{1F680} Nam", ranges) // "Viet Nam"
 */
export function drawableText(text: string, ranges: readonly [number, number][]): string {
  const drawable = (char: string) => !CONTROL.test(char) && within(ranges, char.codePointAt(0) ?? 0);
  let kept = "";
  for (const char of text) {
    if (char === "\n" || char === "\t") kept += " ";
    else if (drawable(char)) kept += char;
    else {
      const base = char.normalize("NFD").replace(/\p{M}/gu, "");
      if (base && base !== char && [...base].every(drawable)) kept += base;
    }
  }
  return kept.replace(/\s+/g, " ").trim();
}

// -- The card ---------------------------------------------------------------

interface Element {
  type: string;
  props: { style?: Record<string, unknown>; children?: Child | Child[] };
}
type Child = Element | string;

function h(type: string, style: Record<string, unknown>, ...children: Child[]): Element {
  return { type, props: { style, children: children.length === 1 ? (children[0] as Child) : children } };
}

const MAX_TAGS = 4;

/** Font size of the title by its length: short titles large, long ones in three lines at most. */
function titleSize(title: string): number {
  if (title.length <= 28) return 80;
  if (title.length <= 48) return 68;
  if (title.length <= 80) return 56;
  return 46;
}

/** The card as satori elements: monogram and name, title, date and tags, the brand gradient. */
export function ogCard(drawing: OgDrawing, colours: OgPalette, ranges: readonly [number, number][]): Element {
  // A title the fonts cannot draw at all (all CJK, all emoji) gives way to the blog's name.
  const title = drawableText(drawing.title, ranges) || drawableText(dictionaryFor(drawing.lang).meta.feedTitle, ranges);
  const tags = drawing.tags.map(hashtag).filter((tag) => tag.length > 1);
  const shownTags = tags.slice(0, MAX_TAGS);
  const hiddenTags = tags.length - shownTags.length;
  const gradient = `linear-gradient(135deg, ${colours.accent} 0%, ${colours.accent2} 100%)`;
  const background = drawing.cover
    ? // Over the cover (drawn beneath by sharp): darker towards the text at the bottom.
      `linear-gradient(180deg, ${colours.bg}8c 0%, ${colours.bg}a6 45%, ${colours.bg}e6 100%)`
    : `radial-gradient(circle at 88% 8%, ${colours.accent}40 0%, ${colours.accent}00 45%), radial-gradient(circle at 0% 100%, ${colours.accent2}33 0%, ${colours.accent2}00 50%), linear-gradient(180deg, ${colours.surface} 0%, ${colours.bg} 100%)`;
  const pill = (text: string, strong: boolean) =>
    h(
      "div",
      {
        display: "flex",
        padding: "6px 18px",
        borderRadius: 999,
        fontSize: 24,
        fontWeight: 700,
        color: strong ? colours.accentStrong : colours.fgMuted,
        backgroundColor: strong ? `${colours.accent}24` : `${colours.line}cc`,
        border: `1px solid ${strong ? `${colours.accent}59` : colours.line}`,
      },
      text,
    );
  return h(
    "div",
    {
      width: OG_IMAGE_WIDTH,
      height: OG_IMAGE_HEIGHT,
      boxSizing: "border-box",
      display: "flex",
      flexDirection: "column",
      justifyContent: "space-between",
      paddingTop: 64,
      paddingRight: 80,
      paddingBottom: 72,
      paddingLeft: 80,
      backgroundImage: background,
      color: colours.fg,
      fontFamily: `${FONT_FAMILIES.latin}, ${FONT_FAMILIES["latin-ext"]}`,
      position: "relative",
    },
    h(
      "div",
      { display: "flex", alignItems: "center", gap: 22 },
      h(
        "div",
        {
          display: "flex",
          alignItems: "center",
          justifyContent: "center",
          width: 68,
          height: 68,
          borderRadius: 18,
          backgroundImage: gradient,
          color: colours.accentFg,
          fontSize: 28,
          fontWeight: 700,
          letterSpacing: -0.5,
        },
        site.initials,
      ),
      h(
        "div",
        { display: "flex", flexDirection: "column" },
        h("div", { fontSize: 30, fontWeight: 700, letterSpacing: -0.3 }, site.name),
        h("div", { fontSize: 22, color: colours.fgMuted }, "Blog"),
      ),
    ),
    h(
      "div",
      {
        display: "block",
        width: OG_IMAGE_WIDTH - 160,
        fontSize: titleSize(title),
        fontWeight: 700,
        lineHeight: 1.12,
        letterSpacing: -1.5,
        lineClamp: 3,
      },
      title,
    ),
    h(
      "div",
      { display: "flex", alignItems: "center", justifyContent: "space-between", gap: 24 },
      h(
        "div",
        { display: "flex", fontSize: 26, color: colours.fgMuted },
        formatDate(toIso(drawing.publishedAt), drawing.lang),
      ),
      h(
        "div",
        { display: "flex", gap: 12, flexWrap: "wrap", justifyContent: "flex-end", maxWidth: 760 },
        ...shownTags.map((tag) => pill(tag, true)),
        ...(hiddenTags > 0 ? [pill(`+${hiddenTags}`, false)] : []),
      ),
    ),
    h("div", {
      position: "absolute",
      left: 0,
      right: 0,
      bottom: 0,
      height: 10,
      backgroundImage: gradient,
    }),
  );
}

function toIso(value: string | Date): string {
  return value instanceof Date ? value.toISOString() : value;
}

// -- Drawing ----------------------------------------------------------------

/** Covers larger than this are refused by sharp instead of decoded (they were checked when uploaded). */
const MAX_COVER_PIXELS = 40_000_000;

/**
 * The cover cut to the card's size, blurred (a photo's detail, or the text
 * of a static article's generated cover, would fight the title) and dimmed;
 * undefined when it cannot be read, and the card is drawn without it.
 */
async function coverBackground(sharp: SharpConstructor, cover: Uint8Array): Promise<Uint8Array | undefined> {
  try {
    return await sharp(cover, { limitInputPixels: MAX_COVER_PIXELS })
      .rotate()
      .resize(OG_IMAGE_WIDTH, OG_IMAGE_HEIGHT, { fit: "cover", position: "attention" })
      .flatten({ background: "#000000" })
      .blur(18)
      .modulate({ brightness: 0.8 })
      .png({ compressionLevel: 0 })
      .toBuffer();
  } catch (error) {
    logWarning(
      "og_image_cover_unreadable",
      `A cover could not be read for a link preview; drawn without it: ${describeError(error)}`,
    );
    return undefined;
  }
}

let queue: Promise<unknown> = Promise.resolve();

/** Runs drawings one after another in this process. */
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work);
  queue = run.catch(() => undefined);
  return run;
}

/** The PNG of a post's link-preview image. A cover that cannot be read is left out. */
export function drawOgImage(drawing: OgDrawing): Promise<Uint8Array> {
  return oneAtATime(async () => {
    const [{ default: satori }, { default: sharp }, { fonts, ranges }] = await Promise.all([
      import("satori"),
      import("sharp"),
      fontsFor(drawing.title),
    ]);
    palette ??= paletteFrom(appCss);
    const background = drawing.cover ? await coverBackground(sharp, drawing.cover) : undefined;
    const card = ogCard({ ...drawing, cover: background }, palette, ranges);
    // satori's types ask for React elements; it reads plain { type, props } objects the same way.
    const svg = await satori(card as unknown as Parameters<typeof satori>[0], {
      width: OG_IMAGE_WIDTH,
      height: OG_IMAGE_HEIGHT,
      fonts,
    });
    const overlay = Buffer.from(svg);
    const image = background
      ? sharp(background)
          .composite([{ input: overlay, top: 0, left: 0 }])
          .removeAlpha()
      : sharp(overlay).flatten({ background: palette.bg });
    return new Uint8Array(await image.png({ compressionLevel: 9 }).toBuffer());
  });
}
