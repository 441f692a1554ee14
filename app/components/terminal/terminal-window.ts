/**
 * The floating terminal's window, written with the DOM alone (decision 050):
 * it answers the first press on a page that has not hydrated, and hydration
 * leaves it alone, since it lives at the end of `<body>`, outside React's
 * tree. It travels in the terminal's own script (`terminal-pt.ts`,
 * `terminal-en.ts`) with the interpreter and one language's strings; the page
 * script loads that script on the launcher's first press
 * (`app/first-paint/page-script/terminal.ts`, `contract.ts`).
 *
 * Open, the window takes the focus into its input and the launcher is hidden;
 * minimized, the focus goes to its restore button; closed, back to the
 * launcher. A command "runs" for PROCESSING_MS, then its answer shows; a
 * command that goes to a page says so and goes REDIRECT_MS later. A command
 * entered while another runs waits for it and runs next, in order.
 */
import sprite from "~/assets/icons.svg?url";
import { symbolId, type UiIconName } from "~/components/icons/names.ts";
import { format } from "~/i18n/format.ts";
import type { Lang } from "~/i18n/paths.ts";
import { complete } from "~/lib/terminal/complete.ts";
import { interpret, type TerminalStrings } from "~/lib/terminal/interpreter.ts";
import { CLOSE_EVENT, LAUNCHER, NAVIGATE_EVENT, type TerminalScript, WINDOW_MARK } from "./contract.ts";
import { windowFrame } from "./frame.ts";

/** Time a command "runs" before its answer shows. */
export const PROCESSING_MS = 300;
/** Time the redirect message stays before the page changes. */
export const REDIRECT_MS = 500;

const ICON_BUTTON =
  "grid size-8 place-items-center rounded-md text-fg-muted transition hover:bg-surface-2 hover:text-fg";

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className = "", text?: string) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function setAttributes(node: Element, values: Record<string, string>): void {
  for (const [key, value] of Object.entries(values)) node.setAttribute(key, value);
}

/** An icon from the sprite, as `SpriteIcon` draws it. */
function icon(name: UiIconName): SVGSVGElement {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  setAttributes(svg, { width: "24", height: "24", viewBox: "0 0 24 24", class: "size-4", "aria-hidden": "true" });
  const use = document.createElementNS(ns, "use");
  use.setAttribute("href", `${sprite}#${symbolId(name)}`);
  svg.append(use);
  return svg;
}

function iconButton(label: string, name: UiIconName, press: () => void): HTMLButtonElement {
  const button = element("button", ICON_BUTTON);
  button.type = "button";
  button.setAttribute("aria-label", label);
  button.append(icon(name));
  button.addEventListener("click", press);
  return button;
}

let windows = 0;
/** Closes the window on the page, if any. */
let closeOpen: ((focusLauncher: boolean) => void) | undefined;

/** Opens a terminal window for `launcher`, in `lang`, unless one is open. */
export function openTerminal(launcher: HTMLElement, lang: Lang, t: TerminalStrings): void {
  if (closeOpen) return;
  const doc = document;
  const titleId = `terminal-${++windows}`;
  // "terminal — visitante@…": the kind is left out where it would cut the name.
  const split = t.title.indexOf("— ");

  const section = element("section", windowFrame(false));
  section.setAttribute("aria-labelledby", titleId);
  section.setAttribute(WINDOW_MARK, "");
  section.dataset.testid = "terminal";
  section.dataset.view = "open";

  const bar = element("div", "flex h-12 shrink-0 items-center gap-3 border-b border-line bg-surface px-3");
  const lights = element("span", "flex gap-1.5");
  lights.setAttribute("aria-hidden", "true");
  for (const colour of ["bg-danger/80", "bg-accent-2/80", "bg-success/80"])
    lights.append(element("span", `size-3 rounded-full ${colour}`));
  const title = element("h2", "min-w-0 flex-1 truncate text-center font-terminal text-xs text-fg-muted");
  title.id = titleId;
  // A phone's window has room for the prompt's name only, whole rather than cut.
  title.append(element("span", "hidden sm:inline", t.title.slice(0, split + 2)), t.title.slice(split + 2));
  const minimizeButton = iconButton(t.minimize, "Minus", () => minimize());
  const restoreButton = iconButton(t.restore, "Maximize2", () => restore());
  const closeButton = iconButton(t.close, "X", () => close(true));
  bar.append(lights, title, minimizeButton, closeButton);

  const body = element("div", "flex min-h-0 flex-1 flex-col font-terminal text-[13px] leading-relaxed");
  const log = element("div", "min-h-0 flex-1 overflow-y-auto px-4 py-3");
  log.setAttribute("role", "log");
  log.setAttribute("aria-label", t.title);
  // A scrollable log must be reachable by keyboard to scroll it (WCAG 2.1.1, axe scrollable-region-focusable).
  log.tabIndex = 0;

  const form = element(
    "form",
    "flex shrink-0 items-center gap-2 border-t border-line px-4 py-2.5 focus-within:bg-surface",
  );
  const label = element("label", "shrink-0 text-accent");
  label.htmlFor = `${titleId}-input`;
  // Phones get the short prompt so the typed line keeps its room.
  const longPrompt = element("span", "hidden sm:inline", t.prompt);
  const shortPrompt = element("span", "sm:hidden", "~$");
  longPrompt.setAttribute("aria-hidden", "true");
  shortPrompt.setAttribute("aria-hidden", "true");
  label.append(longPrompt, shortPrompt, element("span", "sr-only", t.inputLabel));
  // 16 px keeps phones from zooming into the field.
  const input = element(
    "input",
    "min-w-0 flex-1 bg-transparent text-base text-fg caret-accent outline-none sm:text-[13px]",
  );
  input.id = `${titleId}-input`;
  setAttributes(input, {
    "aria-busy": "false",
    autocomplete: "off",
    autocapitalize: "none",
    autocorrect: "off",
    spellcheck: "false",
    enterkeyhint: "go",
    "data-testid": "terminal-input",
  });
  form.append(label, input);
  body.append(log, form);
  section.append(bar, body);

  const processing = element("p", "flex items-center gap-2 text-fg-muted");
  processing.dataset.testid = "terminal-processing";
  const dot = element("span", "inline-block size-2 animate-pulse rounded-full bg-accent");
  dot.setAttribute("aria-hidden", "true");
  processing.append(dot, t.processing);

  const commands: string[] = [];
  // Position while walking the history with the arrows, and what was typed before.
  let walk: { index: number; draft: string } | null = null;
  const timers: number[] = [];
  const later = (ms: number, run: () => void) => {
    timers.push(window.setTimeout(run, ms));
  };

  // Follow the newest line whenever one is added.
  const showNewest = () => {
    log.scrollTop = log.scrollHeight;
  };
  const append = (type: "command" | "output", text: string) => {
    let line: HTMLElement;
    if (type === "command") {
      line = element("p", "break-words");
      line.append(element("span", "text-accent", t.prompt), ` ${text}`);
    } else line = element("p", "mb-2 whitespace-pre-wrap break-words text-fg-muted", text);
    line.dataset.testid = `terminal-${type}`;
    log.insertBefore(line, processing.parentNode === log ? processing : null);
    showNewest();
  };
  const setProcessing = (busy: boolean) => {
    if (busy) log.append(processing);
    else processing.remove();
    input.setAttribute("aria-busy", String(busy));
    showNewest();
  };

  const goTo = (path: string) => {
    // The hydrated app navigates on the client; before hydration the page loads.
    const taken = !doc.dispatchEvent(new CustomEvent(NAVIGATE_EVENT, { detail: path, cancelable: true }));
    if (!taken) location.assign(path);
  };

  // Commands entered while another runs wait their turn, in the order they were typed.
  const waiting: string[] = [];
  const runNext = () => {
    const command = waiting.shift();
    if (command === undefined) return;
    append("command", command.trim());
    setProcessing(true);
    later(PROCESSING_MS, () => {
      setProcessing(false);
      const result = interpret(command, lang, t);
      if (result?.clear) log.replaceChildren();
      if (result && result.lines.length > 0) append("output", result.lines.join("\n"));
      const target = result?.navigate;
      if (target) later(REDIRECT_MS, () => goTo(target));
      runNext();
    });
  };

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const command = input.value;
    // The line is taken at once, running or not, so what is typed next starts a new one.
    input.value = "";
    walk = null;
    if (command.trim() === "") return;
    commands.push(command.trim());
    waiting.push(command);
    if (!processing.parentNode) runNext();
  });

  input.addEventListener("input", () => {
    walk = null;
  });

  input.addEventListener("keydown", (event) => {
    if (event.key === "ArrowUp" && commands.length > 0) {
      event.preventDefault();
      const index = walk ? Math.max(0, walk.index - 1) : commands.length - 1;
      walk = { index, draft: walk?.draft ?? input.value };
      input.value = commands[index] ?? "";
    } else if (event.key === "ArrowDown" && walk) {
      event.preventDefault();
      const index = walk.index + 1;
      if (index >= commands.length) {
        input.value = walk.draft;
        walk = null;
      } else {
        walk.index = index;
        input.value = commands[index] ?? "";
      }
    } else if (event.key === "Tab" && !event.shiftKey && input.value.trim() !== "") {
      // Only a non-empty line captures Tab, so the keyboard can always leave the terminal.
      event.preventDefault();
      const typed = input.value;
      const completion = complete(typed, lang);
      input.value = completion.value;
      if (completion.options.length > 0) {
        append("command", typed.trim());
        append("output", format(t.completions, { options: completion.options.join("  ") }));
      }
    }
  });

  // A pointer convenience, as in a real terminal: clicking the output types into the input.
  log.addEventListener("click", () => {
    if (!window.getSelection()?.toString()) input.focus();
  });

  section.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && section.dataset.view === "open") {
      event.preventDefault();
      minimize();
    }
  });

  const show = (minimized: boolean) => {
    section.className = windowFrame(minimized);
    section.dataset.view = minimized ? "minimized" : "open";
    body.hidden = minimized;
  };
  function minimize() {
    show(true);
    minimizeButton.replaceWith(restoreButton);
    restoreButton.focus();
  }
  function restore() {
    show(false);
    restoreButton.replaceWith(minimizeButton);
    input.focus();
  }
  // The launcher left the page (another page, the other language): the window goes with it.
  const leave = () => close(false);
  function close(focusLauncher: boolean) {
    for (const timer of timers) window.clearTimeout(timer);
    doc.removeEventListener(CLOSE_EVENT, leave);
    section.remove();
    closeOpen = undefined;
    launcher.hidden = false;
    // Closing hands focus back to the button that reopens the terminal.
    if (focusLauncher) launcher.focus();
  }
  closeOpen = close;
  doc.addEventListener(CLOSE_EVENT, leave);

  append("output", t.welcome);
  doc.body.append(section);
  launcher.hidden = true;
  input.focus();
}

/**
 * Run by the terminal's script for one language: makes the terminal
 * available to the page script and opens it for a press made while the
 * script was on its way.
 */
export function registerTerminal(lang: Lang, t: TerminalStrings): void {
  const script: TerminalScript = { open: (launcher) => openTerminal(launcher, lang, t) };
  window.terminalWindows = { ...window.terminalWindows, [lang]: script };
  for (const launcher of document.querySelectorAll<HTMLElement>(`${LAUNCHER}[data-pending]`)) {
    if (launcher.dataset.terminalLang !== lang) continue;
    delete launcher.dataset.pending;
    launcher.removeAttribute("aria-busy");
    script.open(launcher);
  }
}
