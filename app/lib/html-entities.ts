/**
 * Text in and out of HTML. Character references undone: the named ones a
 * URL, a title or a tag name carries, and every numeric one. Never throws:
 * a number that is no character (`&#9999999;`, `&#0;`, a lone surrogate
 * `&#xD800;`) becomes U+FFFD, as a browser reads it; the semicolon may be
 * left out, as browsers allow; an unknown name stays as written. And text
 * escaped for HTML, one function for every page, mail and snippet.
 */

const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

/**
 * Text with its character references undone.
 * @example decodeEntities("a&amp;b&#x3D;c&#9999999;") // "a&b=c\uFFFD"
 */
export function decodeEntities(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]+);?/gi, (whole, name: string) => {
    const lower = name.toLowerCase();
    if (lower.startsWith("#")) {
      const code = lower.startsWith("#x") ? Number.parseInt(lower.slice(2), 16) : Number(lower.slice(1));
      return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : "\ufffd";
    }
    return NAMED[lower] ?? whole;
  });
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/**
 * Text safe anywhere in HTML: between tags and inside a quoted attribute.
 * @example escapeHtml(`<a href="x">Tom & 'Jerry'</a>`) // "&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;"
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}
