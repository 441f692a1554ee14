/**
 * A JSON document read as it comes, without its whole text or tree in
 * memory: the elements of one array (Ghost's `db[0].data.posts`, the
 * archive's `posts`) are handed out one at a time, each parsed alone, and
 * the rest of the document (small: tags, settings, the archive's header)
 * is parsed once at the end with every such element standing as `null`.
 * The scanner follows only the document's structure (strings, brackets,
 * commas and colons) to find where each element begins and ends; the
 * values themselves are checked by `JSON.parse`, the rest keeping the
 * file's line breaks, so a fault anywhere is named at its line.
 */
import { ImportError } from "./import-types.server.ts";

export type JsonPath = readonly (string | number)[];

/** A piece of the document: an element of the streamed array (with its index and line), or the rest at the end. */
export type JsonPiece =
  | { kind: "element"; index: number; line: number; value: unknown }
  | { kind: "rest"; value: unknown };

interface Frame {
  array: boolean;
  /** The key being read or last read (objects), the element's index (arrays). */
  key: string | number;
  expectingKey: boolean;
}

const QUOTE = 34;
const BACKSLASH = 92;

/**
 * The line of a JSON syntax error. V8 names no position any more, only the
 * text around it (`Unexpected token '}', ..."posts": [}\n  ]..." is not
 * valid JSON`, ten characters before the error when cut): found in the text.
 */
export function jsonErrorLine(text: string, error: unknown): number | undefined {
  const message = error instanceof Error ? error.message : "";
  const line = /line (\d+)/.exec(message);
  if (line) return Number(line[1]);
  const position = /position (\d+)/.exec(message);
  if (position) return text.slice(0, Number(position[1])).split("\n").length;
  const around = /"([\s\S]*)" is not valid JSON$/.exec(message)?.[1];
  if (around === undefined) return undefined;
  const cutBefore = around.startsWith("...");
  const snippet = around.replace(/^\.\.\./, "").replace(/\.\.\.$/, "");
  const at = text.indexOf(snippet);
  if (at === -1) return undefined;
  return text.slice(0, at + (cutBefore ? Math.min(10, snippet.length) : 0)).split("\n").length;
}

/** Parses one piece of the file, a fault named at its line in the file (`firstLine`: the piece's first). */
export function parseJsonPiece(text: string, file: string, firstLine = 1): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const line = jsonErrorLine(text, error);
    throw new ImportError({
      file,
      ...(line === undefined ? {} : { line: firstLine + line - 1 }),
      code: "malformed-json",
      values: { detail: error instanceof Error ? error.message : String(error) },
    });
  }
}

const countLines = (text: string) => {
  let lines = 0;
  for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) lines++;
  return lines;
};

/**
 * The document's pieces: every element of the array `streamed` names (by
 * its path, `*` for any key or index, e.g. `["db", "*", "data", "posts"]`),
 * then the rest. With `elements: false` the elements are stepped over (left
 * to a later pass) and only the rest comes out.
 */
export async function* jsonPieces(
  source: AsyncIterable<Buffer | string>,
  file: string,
  streamed: readonly (readonly string[])[],
  options: { elements?: boolean } = {},
): AsyncGenerator<JsonPiece> {
  const wantElements = options.elements ?? true;
  const decoder = new TextDecoder("utf-8", { fatal: false });
  const stack: Frame[] = [];
  const rest: string[] = [];
  let buffer = "";
  let inString = false;
  let escaped = false;
  let keyStart = -1;
  let keyParts = "";
  /** Where the element being read began in the buffer (-1: none), its depth, index and line. */
  let elementStart = -1;
  let elementDepth = 0;
  let elementIndex = 0;
  let elementLine = 0;
  let line = 1;
  /** Where the part of the rest not yet kept begins in the buffer. */
  let restFrom = 0;

  const fault = (detail: string): never => {
    throw new ImportError({ file, line, code: "malformed-json", values: { detail } });
  };
  /** Whether the array on top of the stack is one whose elements are streamed: the keys leading to it match. */
  const streamingArray = () => {
    const top = stack[stack.length - 1];
    if (!top?.array) return false;
    return streamed.some(
      (names) =>
        names.length === stack.length - 1 && names.every((part, i) => part === "*" || part === String(stack[i]?.key)),
    );
  };

  const emitElement = (end: number): JsonPiece | undefined => {
    const text = buffer.slice(elementStart, end);
    const lines = countLines(text);
    rest.push(`null${"\n".repeat(lines)}`);
    restFrom = end;
    const piece: JsonPiece | undefined = wantElements
      ? { kind: "element", index: elementIndex, line: elementLine, value: parseJsonPiece(text, file, elementLine) }
      : undefined;
    elementStart = -1;
    return piece;
  };

  const scan = function* (from: number): Generator<JsonPiece> {
    const length = buffer.length;
    for (let at = from; at < length; at++) {
      const code = buffer.charCodeAt(at);
      if (inString) {
        if (escaped) escaped = false;
        else if (code === BACKSLASH) escaped = true;
        else if (code === QUOTE) {
          inString = false;
          if (keyStart !== -1) {
            const raw = keyParts + buffer.slice(keyStart, at);
            keyStart = -1;
            keyParts = "";
            const top = stack[stack.length - 1];
            if (top) top.key = String(parseJsonPiece(`"${raw}"`, file, line));
          }
        } else if (code === 10) line++;
        continue;
      }
      switch (code) {
        case 10:
          line++;
          break;
        case QUOTE: {
          inString = true;
          const top = stack[stack.length - 1];
          if (top && !top.array && top.expectingKey) keyStart = at + 1;
          else startValue(at);
          break;
        }
        case 123: // {
        case 91: // [
          startValue(at);
          stack.push({ array: code === 91, key: code === 91 ? 0 : "", expectingKey: code === 123 });
          break;
        case 125: // }
        case 93: {
          // ]
          if (elementStart !== -1 && stack.length === elementDepth) {
            // A scalar element last in its array ends at the bracket.
            const piece = emitElement(at);
            if (piece) yield piece;
          }
          const top = stack.pop();
          if (!top || top.array !== (code === 93)) fault(`Unexpected '${String.fromCharCode(code)}'`);
          if (elementStart !== -1 && stack.length === elementDepth) {
            const piece = emitElement(at + 1);
            if (piece) yield piece;
          }
          break;
        }
        case 44: {
          // ,
          const top = stack[stack.length - 1];
          if (!top) fault("Unexpected ','");
          else if (top.array) top.key = Number(top.key) + 1;
          else top.expectingKey = true;
          if (elementStart !== -1 && stack.length === elementDepth) {
            // A scalar element ends at its comma.
            const piece = emitElement(at);
            if (piece) yield piece;
          }
          break;
        }
        case 58: {
          // :
          const top = stack[stack.length - 1];
          if (!top || top.array || !top.expectingKey) fault("Unexpected ':'");
          else top.expectingKey = false;
          break;
        }
        default:
          if (code !== 32 && code !== 9 && code !== 13) startValue(at);
      }
    }
  };

  /** A value begins at `at`: an element of a streamed array starts being kept. */
  function startValue(at: number) {
    // What stands at the top level (a second document, a stray word) is left to the rest's parse.
    if (elementStart !== -1 || !streamingArray()) return;
    const top = stack[stack.length - 1];
    if (!top) return;
    rest.push(buffer.slice(restFrom, at));
    restFrom = at;
    elementStart = at;
    elementDepth = stack.length;
    elementIndex = Number(top.key);
    elementLine = line;
  }

  const feed = function* (text: string): Generator<JsonPiece> {
    const from = buffer.length;
    buffer += text;
    if (elementStart === -1) restFrom = from;
    yield* scan(from);
    // Keep what is still needed: the element being read, a key being read; the rest's text is kept as it goes.
    const keepFrom = elementStart !== -1 ? elementStart : buffer.length;
    if (elementStart === -1) rest.push(buffer.slice(restFrom));
    else if (restFrom < elementStart) rest.push(buffer.slice(restFrom, elementStart));
    if (keyStart !== -1 && elementStart !== -1) keyStart -= elementStart;
    else if (keyStart !== -1) {
      // A key cut by the chunk: its part so far kept aside.
      keyParts += buffer.slice(keyStart);
      keyStart = 0;
    }
    buffer = buffer.slice(keepFrom);
    if (elementStart !== -1) elementStart = 0;
  };

  let bom = true;
  for await (const chunk of source) {
    let text = typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true });
    if (bom) {
      text = text.replace(/^\uFEFF/, "");
      if (text.length > 0) bom = false;
    }
    yield* feed(text);
  }
  yield* feed(decoder.decode());
  if (inString || stack.length > 0 || elementStart !== -1) fault("Unexpected end of JSON input");
  yield { kind: "rest", value: parseJsonPiece(rest.join(""), file) };
}
