import { useSyncExternalStore } from "react";

/** Tailwind's `lg`: from this width the preview sits beside the text. */
const WIDE = "(min-width: 1024px)";

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(WIDE);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
};

/** Whether the screen is wide enough for the text and its preview side by side (false on the server). */
export function useWideScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(WIDE).matches,
    () => false,
  );
}
