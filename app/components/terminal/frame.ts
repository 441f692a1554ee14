export type TerminalView = "closed" | "open" | "minimized";

/**
 * The terminal window's box: 384 px high, 48 px when minimized, docked at
 * the bottom edge of a phone and in the corner of a wider screen. The `dark`
 * class gives it the dark tokens in both themes, as terminals look.
 */
export function windowFrame(minimized: boolean): string {
  return `dark fixed inset-x-2 bottom-2 z-50 flex flex-col overflow-hidden rounded-xl border border-line bg-bg text-fg shadow-2xl transition-[height] duration-200 sm:inset-x-auto sm:right-6 sm:bottom-6 sm:w-[36rem] ${
    minimized ? "h-[48px]" : "h-[384px]"
  }`;
}
