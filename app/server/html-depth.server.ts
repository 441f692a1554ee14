/**
 * HTML nested thousands deep (a post's export, a reply from elsewhere)
 * exhausts the stack of the parser that reads it into a tree: such HTML is
 * read again with its deepest tags left out and their text kept.
 */
/** How deep elements may nest when a post's HTML nests too deep to read whole. */
export const DEEPEST = 200;
const VOID_ELEMENTS = new Set("area base br col embed hr img input link meta param source track wbr".split(" "));

/**
 * The HTML without the tags of elements nested deeper than DEEPEST (their
 * text stays), found in one pass.
 * @example shallowHtml(`${"<div>".repeat(201)}x`).split("<div>").length - 1 // 200
 */
export function shallowHtml(html: string): string {
  let kept = "";
  let from = 0;
  let depth = 0;
  for (let start = html.indexOf("<"); start !== -1; start = html.indexOf("<", from)) {
    const end = html.indexOf(">", start);
    if (end === -1) break;
    const tag = html.slice(start, end + 1);
    const name = /^<\/?([a-zA-Z][^\s/>]*)/.exec(tag)?.[1]?.toLowerCase();
    let keep = true;
    if (name && tag[1] === "/") {
      keep = depth <= DEEPEST;
      depth = Math.max(0, depth - 1);
    } else if (name && !VOID_ELEMENTS.has(name) && !tag.endsWith("/>")) {
      depth++;
      keep = depth <= DEEPEST;
    }
    kept += html.slice(from, start) + (keep ? tag : "");
    from = end + 1;
  }
  return kept + html.slice(from);
}
