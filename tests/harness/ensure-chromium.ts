/**
 * Run before the browser tests: makes sure a Chromium is installed. As root
 * with apt it installs Debian's package; otherwise it says what to install.
 */
import { execFileSync } from "node:child_process";
import { findChromium } from "./chromium.ts";

function canInstallWithApt(): boolean {
  if (process.getuid?.() !== 0) return false;
  try {
    execFileSync("sh", ["-c", "command -v apt-get"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

let browser = findChromium();
if (!browser && canInstallWithApt()) {
  console.log("Chromium not found; installing Debian's chromium package…");
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
  execFileSync("apt-get", ["install", "-y", "-qq", "chromium"], {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  browser = findChromium();
}
if (!browser) {
  console.error(
    [
      "The browser tests need Chromium, and none was found.",
      "Install it, then run the tests again:",
      "  Debian/Ubuntu: sudo apt-get install chromium",
      "  Fedora:        sudo dnf install chromium",
      "  macOS:         brew install --cask chromium",
      "Or point CHROMIUM_PATH at a Chromium or Chrome binary.",
    ].join("\n"),
  );
  process.exit(1);
}
console.log(`Browser tests use ${browser}`);
