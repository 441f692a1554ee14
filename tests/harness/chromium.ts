/**
 * Finds the Chromium that browser tests and the benchmark drive. Playwright's
 * own browser download is never used: the system browser is the one we test.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

const CANDIDATES = ["chromium", "chromium-browser", "google-chrome-stable", "google-chrome"];

// Debian's `chromium` is a shell script that adds desktop flags (GPU rasterization,
// extensions) before starting this binary; tests start the binary itself.
const DEBIAN_BINARY = "/usr/lib/chromium/chromium";

// Debian's `chromium-headless-shell` package: the same Chromium built as the
// headless shell (no browser UI, no extensions, a lighter compositor), behind
// a wrapper script of its own.
const DEBIAN_HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";

function onPath(name: string): string | undefined {
  try {
    return execFileSync("sh", ["-c", `command -v ${name}`], { encoding: "utf8" }).trim() || undefined;
  } catch {
    return undefined;
  }
}

/** The browser binary: `CHROMIUM_PATH` if set, else the first known name on PATH. */
export function findChromium(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : undefined;
  for (const name of CANDIDATES) {
    const found = onPath(name);
    if (found) return found === "/usr/bin/chromium" && existsSync(DEBIAN_BINARY) ? DEBIAN_BINARY : found;
  }
  return undefined;
}

/**
 * The browser the end-to-end tests drive: `CHROMIUM_PATH` if set, else
 * Chromium's headless shell when it is installed, else `findChromium()`. The
 * shell renders with the same engine and spends a quarter less of the
 * machine's time on the same tests (decision 079); the benchmark keeps the
 * full browser, as the phone it emulates and Lighthouse's calibration do.
 */
export function findTestChromium(): string | undefined {
  if (process.env.CHROMIUM_PATH) return findChromium();
  return findHeadlessShell() ?? findChromium();
}

/** Chromium's headless shell, if installed. */
export function findHeadlessShell(): string | undefined {
  if (existsSync(DEBIAN_HEADLESS_SHELL)) return DEBIAN_HEADLESS_SHELL;
  return onPath("chromium-headless-shell") ?? onPath("chrome-headless-shell");
}

/**
 * Flags for a headless run on a machine without network or GPU: without the
 * background-networking ones Chromium stalls trying to reach its services.
 */
export const chromiumArgs = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-quic",
  "--disable-dev-shm-usage",
  "--no-first-run",
];
