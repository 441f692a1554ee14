/**
 * Toasts without their cost on every page: the toast library is fetched the
 * first time something is announced, and its container mounts then. Most
 * visits never toast, so most visits never download it.
 */
import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";

type Kind = "success" | "error" | "info";

let requested = false;
const listeners = new Set<() => void>();
let markMounted: () => void = () => undefined;
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

const LazyToaster = lazy(() => import("sonner").then((module) => ({ default: module.Toaster })));

function request() {
  if (requested) return;
  requested = true;
  for (const listener of listeners) listener();
}

/** A button in a toast ("Desfazer") and what it does. */
export interface ToastAction {
  label: string;
  onClick: () => void;
}

/** A toast with an action stays this long, so there is time to reach its button. */
const ACTION_TOAST_MS = 10_000;

/**
 * Shows a toast, loading the toast library first if needed; with an action, a
 * button in it (an undo) and more time to reach it.
 * @example notify("success", "Post criado com sucesso!")
 * @example notify("success", "Post movido para a lixeira.", { label: "Desfazer", onClick: restore })
 */
export function notify(kind: Kind, message: string, action?: ToastAction): void {
  request();
  void Promise.all([import("sonner"), mounted]).then(([{ toast }]) =>
    toast[kind](message, action ? { action, duration: ACTION_TOAST_MS } : undefined),
  );
}

/** Toasts at the foot of the screen: a screen whose top holds its controls (the writing desk's bar) asks for it. */
let atBottom = false;

/**
 * Moves the toasts to the bottom of the screen while a screen keeps controls
 * sticky at its top, and back when it leaves.
 * @example useEffect(() => placeToastsAtBottom(), [])
 * @returns what puts them back at the top.
 */
export function placeToastsAtBottom(): () => void {
  atBottom = true;
  for (const listener of listeners) listener();
  return () => {
    atBottom = false;
    for (const listener of listeners) listener();
  };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The library's coloured texts on their pale backgrounds are under the 4.5:1
 * contrast normal text needs (its success green reaches 4.2:1): the same
 * hues, darker, reach 5.5:1 and more.
 */
const READABLE_COLORS = {
  "--success-text": "hsl(140, 100%, 22%)",
  "--info-text": "hsl(210, 92%, 35%)",
  "--error-text": "hsl(360, 100%, 38%)",
  "--warning-text": "hsl(31, 92%, 30%)",
} as React.CSSProperties;

/** Where toasts appear; renders nothing until the first one is asked for. */
export function Toasts() {
  const active = useSyncExternalStore(
    subscribe,
    () => requested,
    () => false,
  );
  const bottom = useSyncExternalStore(
    subscribe,
    () => atBottom,
    () => false,
  );
  if (!active) return null;
  return (
    <Suspense fallback={null}>
      {/* Below the sticky header (4rem high), never over its controls; at the foot when a screen's own controls are there. */}
      <LazyToaster
        position={bottom ? "bottom-center" : "top-center"}
        offset={bottom ? { bottom: "1rem" } : { top: "5rem" }}
        mobileOffset={bottom ? { bottom: "1rem" } : { top: "4.5rem" }}
        richColors
        closeButton
        style={READABLE_COLORS}
      />
      <MountedSignal />
    </Suspense>
  );
}

/** Rendered beside the container, so its effect runs once the container has mounted and subscribed. */
function MountedSignal() {
  useEffect(() => markMounted(), []);
  return null;
}
