import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { PostActionResult } from "./post-types.ts";

/** Saved this long after the last change… */
export const AUTOSAVE_DELAY_MS = 3000;
/** …and at least this often while the author keeps typing. */
export const AUTOSAVE_MAX_WAIT_MS = 60_000;
/** A save the network or the server failed is tried again this long after. */
export const RETRY_DELAY_MS = 15_000;

/** What a save asks the server for (`app/server/blog/admin-actions.server.ts`). */
export type SaveIntent = "create" | "save" | "publish" | "schedule" | "unpublish" | "autosave";

export interface SaveRequest {
  intent: SaveIntent;
  /** Fields to send besides the form's (the time of a schedule). */
  extra?: Record<string, string>;
}

export type SaveStatus =
  | { state: "idle" }
  /** Changes the autosave is about to send. */
  | { state: "unsaved" }
  /** A new post without a title, a slug or text yet: kept in this browser only. */
  | { state: "notReady" }
  | { state: "saving"; intent: SaveIntent }
  | { state: "saved"; at: Date; pending: boolean }
  /** The browser is offline, or the request never reached the server: the text waits in this browser. */
  | { state: "offline" }
  | { state: "failed"; kind: "refused" | "stale" | "signedOut" | "server"; result: PostActionResult };

/** What a failed request means for the editor. */
function failureOf(result: PostActionResult): Extract<SaveStatus, { state: "failed" }>["kind"] {
  if (result.signedOut) return "signedOut";
  if (result.serverError) return "server";
  // A stale save carries the version it lost to.
  return result.current ? "stale" : "refused";
}

/** What to try again once the connection returns: the author's own save, or else an autosave. */
const retryOf = (request: SaveRequest): SaveRequest =>
  request.intent === "save" || request.intent === "create" ? { intent: request.intent } : { intent: "autosave" };

/**
 * Every save of the editor, through one fetcher so two never race on one
 * version: the author's (Save, Ctrl+S, the publishing control), queued
 * behind one under way, and the autosave, `AUTOSAVE_DELAY_MS` after the last
 * change and at least every `AUTOSAVE_MAX_WAIT_MS` while changes keep
 * coming. Each posts the form as it is with its intent and the version it
 * builds on (`base`). Offline, nothing is sent: the browser's copy of the
 * form holds the text, and it is saved when the connection returns (the
 * `online` event, or a retry every `RETRY_DELAY_MS` when the browser thinks
 * it is online but the request fails). `ready` is false while the form
 * cannot be a post yet (no title or content), so a new post is not refused
 * while it is being begun.
 */
export function useAutosave<V>({
  form,
  values,
  dirty,
  ready,
  base,
  onResult,
}: {
  form: RefObject<HTMLFormElement | null>;
  values: V;
  dirty: boolean;
  ready: boolean;
  /** The post and version the next save builds on, read when it is sent. */
  base: () => { id?: string | undefined; updatedAt?: string | undefined };
  /** The server's answer to a save of `sent` (the values posted), or a failure to send it. */
  onResult: (result: PostActionResult, sent: V, request: SaveRequest) => void;
}) {
  const fetcher = useFetcher<PostActionResult>();
  const [status, setStatus] = useState<SaveStatus>({ state: "idle" });
  const statusRef = useRef(status);
  statusRef.current = status;
  const latest = useRef({ values, ready, dirty });
  latest.current = { values, ready, dirty };
  const inFlight = useRef<{ request: SaveRequest; sent: V } | undefined>(undefined);
  const queued = useRef<SaveRequest | undefined>(undefined);
  const retry = useRef<SaveRequest | undefined>(undefined);
  const firstChange = useRef<number | null>(null);
  const autosaveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const retryTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onResultRef = useRef(onResult);
  onResultRef.current = onResult;
  const baseRef = useRef(base);
  baseRef.current = base;

  const submit = useCallback(
    (request: SaveRequest) => {
      const element = form.current;
      if (!element) return;
      if (inFlight.current) {
        // The author's request waits for the save under way; an autosave then is not needed.
        if (!queued.current || queued.current.intent === "autosave") queued.current = request;
        return;
      }
      if (request.intent === "autosave") {
        const current = statusRef.current;
        // A stale version or an expired session would only be refused again: the author decides first.
        if (!latest.current.ready || (current.state === "failed" && current.kind !== "refused")) return;
      }
      clearTimeout(autosaveTimer.current);
      clearTimeout(retryTimer.current);
      if (!navigator.onLine) {
        retry.current = retryOf(request);
        setStatus({ state: "offline" });
        onResultRef.current(
          { ok: false, intent: request.intent, message: "", network: true },
          latest.current.values,
          request,
        );
        return;
      }
      const data = new FormData(element);
      data.set("intent", request.intent);
      const { id, updatedAt } = baseRef.current();
      data.delete("id");
      data.delete("updatedAt");
      if (id) data.set("id", id);
      if (updatedAt) data.set("updatedAt", updatedAt);
      for (const [name, value] of Object.entries(request.extra ?? {})) data.set(name, value);
      inFlight.current = { request, sent: latest.current.values };
      setStatus({ state: "saving", intent: request.intent });
      void fetcher.submit(data, { method: "post" });
    },
    [form, fetcher],
  );

  // Each change restarts the short wait, never beyond the longest wait since the first unsaved change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a change of `values` is what restarts the wait.
  useEffect(() => {
    clearTimeout(autosaveTimer.current);
    if (!dirty) {
      firstChange.current = null;
      return;
    }
    const current = statusRef.current;
    const waiting = current.state === "offline" || (current.state === "failed" && current.kind !== "refused");
    if (!ready) {
      if (!waiting && current.state !== "saving") setStatus({ state: "notReady" });
      return;
    }
    // From the first keystroke the bar says a save is coming, unless one cannot come yet.
    if (!waiting && current.state !== "saving") setStatus({ state: "unsaved" });
    const now = Date.now();
    firstChange.current ??= now;
    const delay = Math.min(AUTOSAVE_DELAY_MS, Math.max(0, firstChange.current + AUTOSAVE_MAX_WAIT_MS - now));
    autosaveTimer.current = setTimeout(() => submit({ intent: "autosave" }), delay);
    return () => clearTimeout(autosaveTimer.current);
  }, [values, dirty, ready, submit]);

  // Back online: save what waited.
  useEffect(() => {
    const online = () => {
      const request = retry.current ?? (latest.current.dirty ? { intent: "autosave" as const } : undefined);
      retry.current = undefined;
      if (request) submit(request);
      else if (statusRef.current.state === "offline") setStatus({ state: "idle" });
    };
    window.addEventListener("online", online);
    return () => window.removeEventListener("online", online);
  }, [submit]);

  useEffect(
    () => () => {
      clearTimeout(autosaveTimer.current);
      clearTimeout(retryTimer.current);
    },
    [],
  );

  const handled = useRef<PostActionResult | undefined>(undefined);
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    const flight = inFlight.current;
    inFlight.current = undefined;
    if (!flight) return;
    if (result.ok) {
      firstChange.current = null;
      retry.current = undefined;
      setStatus({ state: "saved", at: new Date(), pending: Boolean(result.saved?.pending) });
    } else if (result.network) {
      retry.current = retryOf(flight.request);
      setStatus({ state: "offline" });
      retryTimer.current = setTimeout(() => {
        const request = retry.current;
        retry.current = undefined;
        if (request) submit(request);
      }, RETRY_DELAY_MS);
    } else {
      const kind = failureOf(result);
      setStatus({ state: "failed", kind, result });
      if (kind === "server") {
        retryTimer.current = setTimeout(() => submit(retryOf(flight.request)), RETRY_DELAY_MS);
      }
    }
    onResultRef.current(result, flight.sent, flight.request);
    const next = queued.current;
    queued.current = undefined;
    // After the answer is applied, so the next save builds on the version it made.
    if (next) setTimeout(() => submit(next), 0);
  }, [fetcher.state, fetcher.data, submit]);

  return {
    status,
    busy: fetcher.state !== "idle",
    save: submit,
    /** Tries the last failed save again (after signing in again elsewhere, say). */
    retry: useCallback(() => submit(retry.current ?? { intent: "save" }), [submit]),
    /** Forgets a failure the author has dealt with (a conflict resolved), so autosave resumes. */
    reset: useCallback(() => setStatus({ state: "idle" }), []),
  };
}
