/**
 * Holds back a page's hydration code until the browser has painted it: the
 * module preload links React Router renders get a `rel` the browser ignores,
 * and its module script a `type` the browser does not run. The script of
 * `app/lib/hydrate-after-paint.ts`, rendered by the root layout, gives both
 * back after the first contentful paint. Every HTML page passes through here,
 * prerendered ones included (the build renders them with entry.server).
 */

import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { HELD_PRELOAD_REL, HELD_SCRIPT_TYPE } from "~/lib/hydrate-after-paint.ts";

const LINK_OR_SCRIPT_TAG = /<(link|script)\b[^>]*>/gi;

/** The markup with every module preload link and module script held back; nothing else changes. */
export function holdHydrationScripts(html: string): string {
  return html.replace(LINK_OR_SCRIPT_TAG, (tag, name: string) =>
    name.toLowerCase() === "link"
      ? tag.replace(/\brel="modulepreload"/i, `rel="${HELD_PRELOAD_REL}"`)
      : tag.replace(/\btype="module"/i, `type="${HELD_SCRIPT_TYPE}"`),
  );
}

/**
 * `holdHydrationScripts` over a stream of HTML, which React writes in chunks
 * that may end inside a tag or a multi-byte character: a chunk's unfinished
 * tag waits for the next chunk; every finished part is passed on at once, so
 * the page still streams.
 */
export function holdHydrationStream(): Transform {
  const decoder = new StringDecoder("utf8");
  let pending = "";
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      const text = pending + (typeof chunk === "string" ? chunk : decoder.write(chunk));
      const lastOpen = text.lastIndexOf("<");
      const cut = lastOpen > text.lastIndexOf(">") ? lastOpen : text.length;
      pending = text.slice(cut);
      const ready = text.slice(0, cut);
      callback(null, ready ? holdHydrationScripts(ready) : undefined);
    },
    flush(callback) {
      const rest = pending + decoder.end();
      pending = "";
      callback(null, rest ? holdHydrationScripts(rest) : undefined);
    },
  });
}
