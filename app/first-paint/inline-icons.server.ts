/**
 * Icons drawn from the page itself. Components draw an icon as a reference
 * into the sprite `app/assets/icons.svg` (decision 014), which keeps drawings
 * out of the JavaScript; but a reference to another file is a request the
 * browser makes while it lays out the first screen, after the stylesheet,
 * and on a phone's connection that request, not the text, was what the
 * largest paint waited for (decision 032). On the way out of the server a
 * page's references become references into a copy of just the symbols it
 * uses, written at the end of its `<body>`: no request, and a page carries
 * only its own two dozen drawings (about 2.4 KB compressed) instead of the
 * sprite's eighty.
 *
 * The browser's copy of the page keeps the rewritten references: React does
 * not patch attributes when it hydrates, and it passes over an element it did
 * not render at the end of `<body>`. What React renders later (another page,
 * reached by a link) references the sprite file as before.
 */
import spriteSvg from "~/assets/icons.svg?raw";
import spriteUrl from "~/assets/icons.svg?url";

/** Inline symbols' ids start with this, so they cannot meet an id of the page. */
export const INLINE_ICON_PREFIX = "icon-";

const SYMBOL = /<symbol id="([^"]+)"([^>]*)>([\s\S]*?)<\/symbol>/g;

/** The sprite's symbols by id, as markup ready to be written into a page. */
export function symbolsOf(svg: string): Map<string, string> {
  const symbols = new Map<string, string>();
  for (const [, id = "", attributes, body] of svg.matchAll(SYMBOL)) {
    symbols.set(id, `<symbol id="${INLINE_ICON_PREFIX}${id}"${attributes}>${body}</symbol>`);
  }
  return symbols;
}

const siteSymbols = symbolsOf(spriteSvg);

/**
 * One page's icons on their way out: `reference` rewrites a `<use>` tag into
 * the sprite and notes the symbol; `takeSymbols` gives the markup of every
 * symbol noted so far, each once, for the end of the page.
 */
export class InlineIcons {
  private readonly used = new Map<string, string>();
  private readonly url: string;
  private readonly symbols: ReadonlyMap<string, string>;

  constructor(url: string = spriteUrl, symbols: ReadonlyMap<string, string> = siteSymbols) {
    this.url = url;
    this.symbols = symbols;
  }

  /** A `<use>` start tag into the sprite, pointing into the page instead; any other tag as it is. */
  reference(tag: string): string {
    const href = /\shref="([^"]*)"/.exec(tag)?.[1];
    if (!href?.startsWith(`${this.url}#`)) return tag;
    const id = href.slice(this.url.length + 1);
    const symbol = this.symbols.get(id);
    if (!symbol) return tag;
    this.used.set(id, symbol);
    return tag.replace(` href="${href}"`, ` href="#${INLINE_ICON_PREFIX}${id}"`);
  }

  /** The symbols referenced so far, in a hidden container; empty when the page drew no icon. */
  takeSymbols(): string {
    if (this.used.size === 0) return "";
    const markup = [...this.used.values()].join("");
    this.used.clear();
    return `<div hidden><svg xmlns="http://www.w3.org/2000/svg" aria-hidden="true">${markup}</svg></div>`;
  }
}
