import type { Page } from "@playwright/test";
import { expect, waitForHydration } from "../fixtures.ts";

export const terminalTexts = {
  pt: {
    open: "Abrir terminal",
    input: "Comando do terminal",
    minimize: "Minimizar terminal",
    restore: "Restaurar terminal",
    close: "Fechar terminal",
  },
  en: {
    open: "Open terminal",
    input: "Terminal command",
    minimize: "Minimize terminal",
    restore: "Restore terminal",
    close: "Close terminal",
  },
} as const;

/** The terminal's own script, one per language (app/components/terminal/terminal-{pt,en}.ts). */
export const TERMINAL_SCRIPT = /\/assets\/terminal-(pt|en)-[\w-]+\.js$/;

/**
 * Fakes the page's clock and stops it, so time moves only when a test says
 * so (`page.clock.runFor`). An installed clock otherwise keeps flowing.
 */
export async function stopClock(page: Page) {
  const start = new Date("2030-01-01T12:00:00Z").getTime();
  await page.clock.install({ time: start });
  await page.clock.pauseAt(start + 1000);
}

/** Opens the home page in a language with a fake clock, and the terminal on it. */
export async function openTerminal(page: Page, lang: "pt" | "en" = "en") {
  await stopClock(page);
  await page.goto(lang === "en" ? "/en" : "/");
  await waitForHydration(page);
  await page.getByRole("button", { name: terminalTexts[lang].open }).click();
  const input = page.getByRole("textbox", { name: terminalTexts[lang].input });
  await expect(input).toBeFocused();
  return input;
}

/** Types a command, presses Enter and lets its 300 ms of processing pass. */
export async function run(page: Page, command: string) {
  await page.getByTestId("terminal-input").fill(command);
  await page.getByTestId("terminal-input").press("Enter");
  await page.clock.runFor(300);
}
