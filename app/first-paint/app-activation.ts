import { type RefObject, useEffect } from "react";

/**
 * A control whose work needs the React app (the terminal) carries
 * `data-needs-app`. Pressed before the page has hydrated,
 * the page script (`app/first-paint/page-script/hydration.ts`) marks it `data-pending`, makes
 * it `aria-busy` and starts the hydration; this hook, run once the control's
 * component has mounted, finishes that press. So no press is lost, whenever
 * it comes.
 */
export const NEEDS_APP = { "data-needs-app": "" } as const;

export function useFinishPendingPress(ref: RefObject<HTMLElement | null>, press: () => void): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a press made before this mount is finished here
  useEffect(() => {
    const element = ref.current;
    if (!element?.dataset.pending) return;
    delete element.dataset.pending;
    element.removeAttribute("aria-busy");
    press();
  }, []);
}
