/**
 * A shortcode's arguments as Hugo and WordPress write them: `name=value`,
 * `name="value"`, `name='value'` and values without a name, read in one
 * pass (an unclosed quote runs to the end).
 */

export interface ShortcodeArguments {
  /** The named values, by lowercase name; a name given twice keeps its last value. */
  named: Map<string, string>;
  /** The values without a name, in order, without their quotes. */
  positional: string[];
}

const isSpace = (char: string | undefined) => char !== undefined && /\s/.test(char);
const NAME = /[\w-]+/y;

/**
 * The named and positional values of a shortcode's argument text.
 * @example shortcodeArguments(`src="a b.png" 42 width=3`) // named: src → "a b.png", width → "3"; positional: ["42"]
 */
export function shortcodeArguments(text: string): ShortcodeArguments {
  const named = new Map<string, string>();
  const positional: string[] = [];
  let i = 0;
  const skipSpaces = () => {
    while (isSpace(text[i])) i += 1;
  };
  /** A value at `i`: quoted up to its closing quote, else up to the next space. */
  const value = (): string => {
    const quote = text[i];
    if (quote === '"' || quote === "'") {
      const end = text.indexOf(quote, i + 1);
      const found = text.slice(i + 1, end === -1 ? text.length : end);
      i = end === -1 ? text.length : end + 1;
      return found;
    }
    const start = i;
    while (i < text.length && !isSpace(text[i])) i += 1;
    return text.slice(start, i);
  };
  while (true) {
    skipSpaces();
    if (i >= text.length) break;
    NAME.lastIndex = i;
    const name = NAME.exec(text)?.[0];
    if (name !== undefined) {
      let after = i + name.length;
      while (isSpace(text[after])) after += 1;
      if (text[after] === "=") {
        i = after + 1;
        skipSpaces();
        named.set(name.toLowerCase(), i < text.length ? value() : "");
        continue;
      }
    }
    positional.push(value());
  }
  return { named, positional };
}

/**
 * A shortcode's named values, by lowercase name.
 * @example shortcodeAttributes(`ids="10,12" columns=2`).get("columns") // "2"
 */
export function shortcodeAttributes(text: string): Map<string, string> {
  return shortcodeArguments(text).named;
}
