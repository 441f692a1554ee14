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

/**
 * What a route that shows the launcher exports as its `handle`: the footer
 * then keeps room at the page's end, so the button never covers its last line.
 */
export interface LauncherHandle {
  floatingLauncher?: boolean;
}

/** Whether any matched route shows the floating launcher. */
export const showsLauncher = (handles: readonly unknown[]) =>
  handles.some((handle) => (handle as LauncherHandle | undefined)?.floatingLauncher === true);
