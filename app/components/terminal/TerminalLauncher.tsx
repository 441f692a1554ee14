import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { SquareTerminal } from "~/components/icons";
import { NEEDS_APP, useFinishPendingPress } from "~/first-paint/app-activation.ts";
import { langFromPath, loadStrings, useT } from "~/i18n";
import type { TerminalView } from "./frame.ts";
import { windowFrame } from "./frame.ts";

let loading: Promise<typeof import("./TerminalWindow.tsx")> | undefined;

/**
 * The terminal's code and its strings, fetched side by side and once: the
 * first time it is opened, never with the page. One after the other they
 * were two round trips after the press.
 */
function loadTerminal(): Promise<typeof import("./TerminalWindow.tsx")> {
  loading ??= Promise.all([
    import("./TerminalWindow.tsx"),
    loadStrings(langFromPath(location.pathname), ["terminal"]),
  ]).then(
    ([module]) => module,
    (error: unknown) => {
      // A failed fetch is tried again at the next opening.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

const TerminalWindow = lazy(loadTerminal);

// Pressed before the page hydrated (the page script marked the press pending):
// the terminal's code is fetched now, while the page hydrates, not after.
if (typeof document !== "undefined" && document.querySelector('[data-testid="terminal-button"][data-pending]'))
  loadTerminal().catch(() => undefined);

/** The floating terminal button, and the terminal window once it has been opened. */
export function TerminalLauncher() {
  const { t } = useT();
  const texts = t.home.terminal;
  const [view, setView] = useState<TerminalView>("closed");
  const button = useRef<HTMLButtonElement>(null);
  const everOpened = useRef(false);

  // A press before the page hydrated opens the terminal once it has.
  useFinishPendingPress(button, () => {
    everOpened.current = true;
    setView("open");
  });

  useEffect(() => {
    // Closing hands focus back to the button that reopens the terminal.
    if (view === "closed" && everOpened.current) button.current?.focus();
  }, [view]);

  if (view === "closed") {
    return (
      <button
        ref={button}
        type="button"
        onClick={() => {
          everOpened.current = true;
          setView("open");
        }}
        aria-label={texts.open}
        title={texts.open}
        data-testid="terminal-button"
        {...NEEDS_APP}
        className="brand-gradient fixed right-4 bottom-4 z-40 grid size-14 place-items-center rounded-full text-accent-fg shadow-lg ring-4 ring-bg transition hover:-translate-y-1 hover:shadow-xl sm:right-6 sm:bottom-6"
      >
        <SquareTerminal className="size-6" aria-hidden="true" />
      </button>
    );
  }

  return (
    <Suspense
      fallback={
        <div
          role="status"
          className={`${windowFrame(false)} grid place-items-center font-terminal text-sm text-fg-muted`}
        >
          {texts.loading}
        </div>
      }
    >
      <TerminalWindow
        minimized={view === "minimized"}
        onMinimize={() => setView("minimized")}
        onRestore={() => setView("open")}
        onClose={() => setView("closed")}
      />
    </Suspense>
  );
}
