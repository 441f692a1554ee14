import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { PostActionResult } from "./post-types.ts";

/** Saved this long after the last change… */
export const AUTOSAVE_DELAY_MS = 3000;
/** …and at least this often while the author keeps typing. */
export const AUTOSAVE_MAX_WAIT_MS = 60_000;

export type AutosaveStatus =
  | { state: "idle" }
  | { state: "saving" }
  | { state: "saved"; at: Date; pending: boolean }
  | { state: "offline" }
  | { state: "failed"; reason: string };

export interface SavedVersion {
  id: string;
  updatedAt: string;
  pending: boolean;
}

/**
 * Saves the form by itself: `AUTOSAVE_DELAY_MS` after the last change, and
 * at least every `AUTOSAVE_MAX_WAIT_MS` while changes keep coming. It posts
 * the form as it is, with `intent=autosave`, through the same action, checks
 * and stale-edit guard as the save button. Offline (the browser says so), it
 * waits for the connection; the browser's copy of the form holds the text
 * meanwhile. `ready` is false while the form cannot be a post yet (no title
 * or content), so a new post is not refused while it is being begun.
 */
export function useAutosave<V>({
  form,
  values,
  dirty,
  ready,
  paused,
  onSaved,
}: {
  form: RefObject<HTMLFormElement | null>;
  values: V;
  dirty: boolean;
  ready: boolean;
  /** A save the author asked for is under way: it carries the form, so autosave waits. */
  paused: boolean;
  /** The server saved `sent` (the values posted) as `saved`. */
  onSaved: (saved: SavedVersion, sent: V) => void;
}) {
  const fetcher = useFetcher<PostActionResult>();
  const [status, setStatus] = useState<AutosaveStatus>({ state: "idle" });
  const firstChange = useRef<number | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const sent = useRef<V | undefined>(undefined);
  const latest = useRef({ values, ready, busy: false, paused });
  latest.current = { values, ready, busy: fetcher.state !== "idle", paused };

  const run = useCallback(() => {
    const element = form.current;
    if (!element || !latest.current.ready || latest.current.paused) return;
    if (latest.current.busy) {
      timer.current = setTimeout(run, 500);
      return;
    }
    if (!navigator.onLine) {
      setStatus({ state: "offline" });
      return;
    }
    const data = new FormData(element);
    data.set("intent", "autosave");
    sent.current = latest.current.values;
    setStatus({ state: "saving" });
    void fetcher.submit(data, { method: "post" });
  }, [form, fetcher]);

  // Each change restarts the short wait, never beyond the longest wait since the first unsaved change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a change of `values` is what restarts the wait.
  useEffect(() => {
    clearTimeout(timer.current);
    if (!dirty) {
      firstChange.current = null;
      return;
    }
    const now = Date.now();
    firstChange.current ??= now;
    const delay = Math.min(AUTOSAVE_DELAY_MS, Math.max(0, firstChange.current + AUTOSAVE_MAX_WAIT_MS - now));
    timer.current = setTimeout(run, delay);
    return () => clearTimeout(timer.current);
  }, [values, dirty, run]);

  // Back online: save what waited.
  useEffect(() => {
    const online = () => {
      if (latest.current.ready) run();
    };
    window.addEventListener("online", online);
    return () => window.removeEventListener("online", online);
  }, [run]);

  const handled = useRef<PostActionResult | undefined>(undefined);
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    if (result.ok && result.saved && sent.current !== undefined) {
      firstChange.current = null;
      setStatus({ state: "saved", at: new Date(), pending: result.saved.pending });
      onSaved(result.saved, sent.current);
    } else {
      setStatus({ state: "failed", reason: result.message });
    }
  }, [fetcher.state, fetcher.data, onSaved]);

  return { status, saving: fetcher.state !== "idle" };
}
