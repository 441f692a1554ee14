/**
 * The text of the two inline scripts every page runs as it loads, in `<head>`
 * before the stylesheet (decision 038): the head script (`head-script.ts`)
 * and the page script's loader (`page-script-loader.ts`). Each is written as
 * a function; the build bundles and minifies it into the text the page
 * carries (`inline-script-plugin.server.ts`). Only the server renders them
 * (`app/root.tsx`): the browser's bundles leave both out.
 */
import type applyStoredChoices from "./head-script.ts";
import headScriptText from "./head-script.ts?inline-script";
import type loadPageScript from "./page-script-loader.ts";
import pageScriptLoaderText from "./page-script-loader.ts?inline-script";

/** The head script: the stored theme, language and signed-in mark, in the page's first frame. */
export const headScript: string = /* @__PURE__ */ headScriptText(
  ...([] satisfies Parameters<typeof applyStoredChoices>),
);

/**
 * The loader of the page script at `src` (a module script when `module`, as development serves it).
 * @example pageScriptLoader("/assets/enhance-x.js") // the loader, minified, called with "/assets/enhance-x.js" and false
 */
export function pageScriptLoader(src: string, module = false): string {
  return pageScriptLoaderText(...([src, module] satisfies Parameters<typeof loadPageScript>));
}
