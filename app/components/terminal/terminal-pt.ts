/**
 * The terminal's script for the Portuguese pages: the window, the interpreter
 * and the Portuguese strings, in one file of its own that the page script loads
 * on the launcher's first press (decision 050). Built by Vite from this
 * entry (`?worker&url`, see `TerminalLauncher.tsx`) with only what it imports.
 */
import { terminal } from "~/i18n/pt/terminal.ts";
import { registerTerminal } from "./terminal-window.ts";

registerTerminal("pt", terminal);
