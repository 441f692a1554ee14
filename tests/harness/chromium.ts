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

/** The browser binary: `CHROMIUM_PATH` if set, else the first known name on PATH. */
export function findChromium(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : undefined;
  for (const name of CANDIDATES) {
    try {
      const found = execFileSync("sh", ["-c", `command -v ${name}`], { encoding: "utf8" }).trim();
      if (found) return found === "/usr/bin/chromium" && existsSync(DEBIAN_BINARY) ? DEBIAN_BINARY : found;
    } catch {
      // not on PATH; try the next name
    }
  }
  return undefined;
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
