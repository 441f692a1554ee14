/**
 * Run before the browser tests: makes sure a Chromium is installed. As root
 * with apt it installs Debian's packages (the browser, and its headless shell
 * that the tests drive: decision 079); otherwise it says what to install.
 */
import { execFileSync } from "node:child_process";
import { findChromium, findHeadlessShell, findTestChromium } from "./chromium.ts";

function canInstallWithApt(): boolean {
  if (process.getuid?.() !== 0) return false;
  try {
    execFileSync("sh", ["-c", "command -v apt-get"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

const missing = [
  ...(findChromium() ? [] : ["chromium"]),
  ...(findHeadlessShell() || process.env.CHROMIUM_PATH ? [] : ["chromium-headless-shell"]),
];
if (missing.length > 0 && canInstallWithApt()) {
  console.log(`Installing Debian's ${missing.join(" and ")}…`);
  try {
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
    execFileSync("apt-get", ["install", "-y", "-qq", ...missing], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
  } catch {
    // Without the headless shell the full browser runs the same tests, at a higher cost; without any, see below.
    console.log(`apt-get could not install ${missing.join(" and ")}.`);
  }
}
const browser = findTestChromium();
if (!browser) {
  console.error(
    [
      "The browser tests need Chromium, and none was found.",
      "Install it, then run the tests again:",
      "  Debian/Ubuntu: sudo apt-get install chromium chromium-headless-shell",
      "  Fedora:        sudo dnf install chromium",
      "  macOS:         brew install --cask chromium",
      "Or point CHROMIUM_PATH at a Chromium or Chrome binary.",
    ].join("\n"),
  );
  process.exit(1);
}
console.log(`Browser tests use ${browser}`);
