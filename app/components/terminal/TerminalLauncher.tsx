import { useEffect } from "react";
import { useNavigate } from "react-router";
import { SquareTerminal } from "~/components/icons";
import { useT } from "~/i18n";
import { CLOSE_EVENT, NAVIGATE_EVENT } from "./contract.ts";
// The terminal's script per language, each a file of its own with only what it imports (decision 050).
import builtEnglish from "./terminal-en.ts?worker&url";
import builtPortuguese from "./terminal-pt.ts?worker&url";

// Development serves the source as a module (a classic script cannot import); a build, the one file.
const terminalScript = import.meta.env.DEV
  ? { pt: "/app/components/terminal/terminal-pt.ts", en: "/app/components/terminal/terminal-en.ts" }
  : { pt: builtPortuguese, en: builtEnglish };

/**
 * The floating terminal button. React renders its markup only: the page
 * script loads the terminal's script for the page's language on the first
 * press, and that script opens the window (`terminal-window.ts`), outside
 * React's tree, whether or not the page has hydrated. Once it has, a command
 * that goes to another page navigates on the client, and the window closes
 * when the launcher leaves the page.
 */
export function TerminalLauncher() {
  const { lang, t } = useT();
  const texts = t.home.terminal;
  const navigate = useNavigate();

  useEffect(() => {
    const go = (event: Event) => {
      event.preventDefault();
      navigate((event as CustomEvent<string>).detail);
    };
    document.addEventListener(NAVIGATE_EVENT, go);
    return () => document.removeEventListener(NAVIGATE_EVENT, go);
  }, [navigate]);

  // The window belongs to this button: another page (the other language's home is another route) closes it.
  useEffect(() => () => void document.dispatchEvent(new Event(CLOSE_EVENT)), []);

  return (
    <button
      type="button"
      aria-label={texts.open}
      title={texts.open}
      data-testid="terminal-button"
      data-terminal-src={terminalScript[lang]}
      data-terminal-lang={lang}
      data-terminal-module={import.meta.env.DEV ? "" : undefined}
      // Its look is one class of the stylesheet (app/styles/app.css): the home page's first window is full.
      className="terminal-launcher"
    >
      <SquareTerminal className="size-6" aria-hidden="true" />
    </button>
  );
}
