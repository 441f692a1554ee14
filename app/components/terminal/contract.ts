/**
 * What the three parts of the floating terminal agree on (decision 050):
 *
 * - the launcher button, markup rendered by React (`TerminalLauncher.tsx`),
 *   naming the terminal's script for the page's language
 *   (`data-terminal-src`, `data-terminal-lang`);
 * - the page script (`app/first-paint/page-script/terminal.ts`), which loads
 *   that script on the first press and hands it the press;
 * - the terminal's script (`terminal-pt.ts`, `terminal-en.ts`: the window of
 *   `terminal-window.ts`, the interpreter and one language's strings), which
 *   registers itself in `window.terminalWindows` and opens the window.
 *
 * The window lives outside React's tree, at the end of `<body>`, so it works
 * whether or not the page has hydrated, and hydration leaves it alone.
 * Kept free of imports: each part bundles it.
 */

/** The launcher button. */
export const LAUNCHER = "button[data-terminal-src]";

/** Marks the window's `<section>`: what happens inside the terminal does not hydrate the page. */
export const WINDOW_MARK = "data-terminal-window";

/** The launcher and the window: a press, key or focus there is not the page being reached for. */
export const TERMINAL_PARTS = `${LAUNCHER}, [${WINDOW_MARK}]`;

/**
 * Sent (cancelable, on the document) when a command goes to another page,
 * with the path as `detail`. The hydrated app takes it and navigates on the
 * client; when no one does, the window loads the page.
 */
export const NAVIGATE_EVENT = "terminal:navigate";

/** Sent on the document when the launcher leaves the page (another page, the other language): the window closes. */
export const CLOSE_EVENT = "terminal:close";

/** A terminal's script, once it has run. */
export interface TerminalScript {
  /** Opens the window for this launcher (hidden meanwhile; focused again when the window closes). */
  open(launcher: HTMLElement): void;
}

declare global {
  interface Window {
    /** The terminals whose script has run, by language. */
    terminalWindows?: Record<string, TerminalScript>;
  }
}
