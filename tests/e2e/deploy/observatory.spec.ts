/**
 * The Mozilla HTTP Observatory grades the site as docs/deploying.md sets it
 * up: the production server of the tested build behind nginx with
 * deploy/nginx-site.conf, over TLS with a self-signed certificate, in a
 * network namespace of its own (tools/commands/observatory.ts). The scanner runs for
 * real with its own scoring; the grade must be A+ with at least 120 points,
 * and each header it looks at must keep the result it has today, so a
 * regression names the header. Needs nginx, openssl, unshare and ip
 * (installed by .ci/run) and the scanner from the npm registry (installed on
 * first use into a cache directory).
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { missingRequirements } from "../../../tools/commands/observatory.ts";
import { limit } from "../../harness/host-speed.ts";

const run = promisify(execFile);
const missing = missingRequirements();

interface ScanTest {
  result: string;
  pass: boolean;
  scoreModifier: number;
}

interface Scan {
  scan: { grade: string; score: number; testsFailed: number; responseHeaders: Record<string, string> };
  tests: Record<string, ScanTest>;
}

test.skip(missing.length > 0, `missing: ${missing.join(", ")}`);

test("the Mozilla HTTP Observatory grades the deployed site A+", async () => {
  test.setTimeout(limit(240_000));
  const { stdout } = await run(process.execPath, ["tools/commands/observatory.ts"], {
    env: { ...process.env, BUILD_DIR: process.env.BUILD_DIR || "build" },
    timeout: limit(220_000),
    maxBuffer: 16 * 1024 * 1024,
  }).catch((error: { stdout?: string; stderr?: string }) => {
    throw new Error(`tools/commands/observatory.ts failed:\n${error.stdout ?? ""}\n${error.stderr ?? ""}`);
  });
  const result = JSON.parse(stdout) as Scan;
  const outcomes = Object.fromEntries(Object.entries(result.tests).map(([name, { result }]) => [name, result]));
  const summary = JSON.stringify({ grade: result.scan.grade, score: result.scan.score, outcomes }, null, 2);

  expect(outcomes, summary).toEqual({
    "content-security-policy": "csp-implemented-with-no-unsafe-default-src-none",
    // The home page sets no cookie; the session cookie's flags are unit-tested (tests/unit/session-cookie.test.ts).
    cookies: "cookies-not-found",
    "cross-origin-resource-sharing": "cross-origin-resource-sharing-not-implemented",
    "cross-origin-resource-policy": "corp-implemented-with-same-origin",
    redirection: "redirection-to-https",
    "referrer-policy": "referrer-policy-private",
    "strict-transport-security": "hsts-implemented-max-age-at-least-six-months",
    "subresource-integrity": "sri-not-implemented-but-all-scripts-loaded-from-secure-origin",
    "x-content-type-options": "x-content-type-options-nosniff",
    "x-frame-options": "x-frame-options-implemented-via-csp",
  });
  expect(result.scan.testsFailed, summary).toBe(0);
  expect(result.scan.grade, summary).toBe("A+");
  expect(result.scan.score, summary).toBeGreaterThanOrEqual(120);
  // What nginx passed through from the server, as the scanner received it.
  expect(result.scan.responseHeaders["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
  expect(result.scan.responseHeaders["content-security-policy"]).toMatch(/^default-src 'none'; /);
});
