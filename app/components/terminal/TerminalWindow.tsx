import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { Maximize2, Minus, X } from "~/components/icons";
import { format, useT } from "~/i18n";
import { complete } from "~/lib/terminal/complete.ts";
import { interpret } from "~/lib/terminal/interpreter.ts";
import { windowFrame } from "./frame.ts";

/** Time a command "runs" before its answer shows. */
export const PROCESSING_MS = 300;
/** Time the redirect message stays before the page changes. */
export const REDIRECT_MS = 500;

interface HistoryEntry {
  id: number;
  type: "command" | "output";
  text: string;
}

interface TerminalWindowProps {
  minimized: boolean;
  onMinimize: () => void;
  onRestore: () => void;
  onClose: () => void;
}

export default function TerminalWindow({ minimized, onMinimize, onRestore, onClose }: TerminalWindowProps) {
  const { lang, t } = useT();
  const texts = t.terminal;
  // "terminal — visitante@…": the kind is left out where it would cut the name.
  const split = texts.title.indexOf("— ");
  const titleKind = texts.title.slice(0, split + 2);
  const titleName = texts.title.slice(split + 2);
  const navigate = useNavigate();
  const titleId = useId();
  const nextId = useRef(1);
  const [entries, setEntries] = useState<HistoryEntry[]>(() => [{ id: 0, type: "output", text: texts.welcome }]);
  const [input, setInput] = useState("");
  const [processing, setProcessing] = useState(false);
  const [commands, setCommands] = useState<string[]>([]);
  // Position while walking the history with the arrows, and what was typed before.
  const [walk, setWalk] = useState<{ index: number; draft: string } | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const restoreRef = useRef<HTMLButtonElement>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  useEffect(() => {
    if (minimized) restoreRef.current?.focus();
    else inputRef.current?.focus();
  }, [minimized]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: follow the newest line whenever one is added
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [entries, processing]);

  const append = (type: HistoryEntry["type"], text: string) =>
    setEntries((current) => [...current, { id: nextId.current++, type, text }]);

  const later = (ms: number, run: () => void) => {
    timers.current.push(setTimeout(run, ms));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (processing) return;
    const command = input;
    setInput("");
    setWalk(null);
    if (command.trim() === "") return;
    setCommands((current) => [...current, command.trim()]);
    append("command", command.trim());
    setProcessing(true);
    later(PROCESSING_MS, () => {
      setProcessing(false);
      const result = interpret(command, lang);
      if (!result) return;
      if (result.clear) setEntries([]);
      if (result.lines.length > 0) append("output", result.lines.join("\n"));
      const target = result.navigate;
      if (target) later(REDIRECT_MS, () => navigate(target));
    });
  };

  const onInputKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowUp" && commands.length > 0) {
      event.preventDefault();
      const index = walk ? Math.max(0, walk.index - 1) : commands.length - 1;
      setWalk({ index, draft: walk?.draft ?? input });
      setInput(commands[index] ?? "");
    } else if (event.key === "ArrowDown" && walk) {
      event.preventDefault();
      const index = walk.index + 1;
      if (index >= commands.length) {
        setInput(walk.draft);
        setWalk(null);
      } else {
        setWalk({ ...walk, index });
        setInput(commands[index] ?? "");
      }
    } else if (event.key === "Tab" && !event.shiftKey && input.trim() !== "") {
      // Only a non-empty line captures Tab, so the keyboard can always leave the terminal.
      event.preventDefault();
      const completion = complete(input, lang);
      setInput(completion.value);
      if (completion.options.length > 0) {
        append("command", input.trim());
        append("output", format(texts.completions, { options: completion.options.join("  ") }));
      }
    }
  };

  const onWindowKey = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === "Escape" && !minimized) {
      event.preventDefault();
      onMinimize();
    }
  };

  const iconButton =
    "grid size-8 place-items-center rounded-md text-fg-muted transition hover:bg-surface-2 hover:text-fg";

  return (
    <section
      aria-labelledby={titleId}
      className={windowFrame(minimized)}
      onKeyDown={onWindowKey}
      data-testid="terminal"
      data-view={minimized ? "minimized" : "open"}
    >
      <div className="flex h-12 shrink-0 items-center gap-3 border-b border-line bg-surface px-3">
        <span aria-hidden="true" className="flex gap-1.5">
          <span className="size-3 rounded-full bg-danger/80" />
          <span className="size-3 rounded-full bg-accent-2/80" />
          <span className="size-3 rounded-full bg-success/80" />
        </span>
        <h2 id={titleId} className="min-w-0 flex-1 truncate text-center font-terminal text-xs text-fg-muted">
          {/* A phone's window has room for the prompt's name only, whole rather than cut. */}
          <span className="hidden sm:inline">{titleKind}</span>
          {titleName}
        </h2>
        {minimized ? (
          <button ref={restoreRef} type="button" onClick={onRestore} aria-label={texts.restore} className={iconButton}>
            <Maximize2 className="size-4" aria-hidden="true" />
          </button>
        ) : (
          <button type="button" onClick={onMinimize} aria-label={texts.minimize} className={iconButton}>
            <Minus className="size-4" aria-hidden="true" />
          </button>
        )}
        <button type="button" onClick={onClose} aria-label={texts.close} className={iconButton}>
          <X className="size-4" aria-hidden="true" />
        </button>
      </div>

      <div hidden={minimized} className="flex min-h-0 flex-1 flex-col font-terminal text-[13px] leading-relaxed">
        {/* biome-ignore lint/a11y/useKeyWithClickEvents: a pointer convenience (clicking the output focuses the input, as in a real terminal); keyboard users are already in the input */}
        <div
          ref={logRef}
          role="log"
          aria-label={texts.title}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable log must be reachable by keyboard to scroll it (WCAG 2.1.1, axe scrollable-region-focusable)
          tabIndex={0}
          className="min-h-0 flex-1 overflow-y-auto px-4 py-3"
          onClick={() => {
            if (!window.getSelection()?.toString()) inputRef.current?.focus();
          }}
        >
          {entries.map((entry) =>
            entry.type === "command" ? (
              <p key={entry.id} className="break-words" data-testid="terminal-command">
                <span className="text-accent">{texts.prompt}</span> {entry.text}
              </p>
            ) : (
              <p
                key={entry.id}
                className="mb-2 whitespace-pre-wrap break-words text-fg-muted"
                data-testid="terminal-output"
              >
                {entry.text}
              </p>
            ),
          )}
          {processing && (
            <p className="flex items-center gap-2 text-fg-muted" data-testid="terminal-processing">
              <span aria-hidden="true" className="inline-block size-2 animate-pulse rounded-full bg-accent" />
              {texts.processing}
            </p>
          )}
        </div>

        <form
          onSubmit={submit}
          className="flex shrink-0 items-center gap-2 border-t border-line px-4 py-2.5 focus-within:bg-surface"
        >
          <label htmlFor={`${titleId}-input`} className="shrink-0 text-accent">
            {/* Phones get the short prompt so the typed line keeps its room. */}
            <span aria-hidden="true" className="hidden sm:inline">
              {texts.prompt}
            </span>
            <span aria-hidden="true" className="sm:hidden">
              ~$
            </span>
            <span className="sr-only">{texts.inputLabel}</span>
          </label>
          <input
            ref={inputRef}
            id={`${titleId}-input`}
            value={input}
            onChange={(event) => {
              setInput(event.target.value);
              setWalk(null);
            }}
            onKeyDown={onInputKey}
            aria-busy={processing}
            autoComplete="off"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            enterKeyHint="go"
            data-testid="terminal-input"
            // 16 px keeps phones from zooming into the field.
            className="min-w-0 flex-1 bg-transparent text-base text-fg caret-accent outline-none sm:text-[13px]"
          />
        </form>
      </div>
    </section>
  );
}
