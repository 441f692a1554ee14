/**
 * The deploy recipes stay valid: deploy/portfolio.service passes
 * `systemd-analyze verify` and starts the server as `npm run serve` does, and
 * deploy/nginx-site.conf passes `nginx -t` with a self-signed certificate.
 * Each check is skipped, saying why, where its command is missing.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { findNginx, nginxFrameFor } from "../../bench/nginx.ts";
import { SERVER_ENVIRONMENT, SERVER_NODE_FLAGS } from "../../runtime/node-flags.ts";

const UNIT = readFileSync("deploy/portfolio.service", "utf8");
const SITE = readFileSync("deploy/nginx-site.conf", "utf8");
const INSTALL_DIR = "/srv/portfolio";

function commandPath(name: string): string | undefined {
  const found = spawnSync("sh", ["-c", `command -v ${name}`], { encoding: "utf8" });
  return found.status === 0 ? found.stdout.trim() || undefined : undefined;
}

const systemdAnalyze = commandPath("systemd-analyze");
const nginx = findNginx();
const openssl = commandPath("openssl");
if (!systemdAnalyze) console.info("systemd-analyze not found (Debian package systemd): the unit is not verified.");
if (!nginx || !openssl) console.info("nginx or openssl not found: the TLS site configuration is not checked.");

const temps: string[] = [];
function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  temps.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

/** The value of each `Key=` line of a unit, in order. */
function settings(unit: string, key: string): string[] {
  return unit
    .split("\n")
    .filter((line) => line.startsWith(`${key}=`))
    .map((line) => line.slice(key.length + 1));
}

describe("deploy/portfolio.service", () => {
  it("runs the build's compiled server with the server's Node flags and environment, as npm run serve does", () => {
    expect(settings(UNIT, "ExecStart")).toEqual([
      `${INSTALL_DIR}/node_modules/.bin/node ${SERVER_NODE_FLAGS.join(" ")} build/server/main.js`,
    ]);
    expect(settings(UNIT, "WorkingDirectory")).toEqual([INSTALL_DIR]);
    expect(settings(UNIT, "Environment")).toContain("NODE_ENV=production");
    for (const [name, value] of Object.entries(SERVER_ENVIRONMENT))
      expect(settings(UNIT, "Environment")).toContain(`${name}=${value}`);
    expect(settings(UNIT, "EnvironmentFile")).toHaveLength(1);
    expect(settings(UNIT, "User")).toEqual(["portfolio"]);
    expect(settings(UNIT, "Restart")).toEqual(["on-failure"]);
    expect(settings(UNIT, "NoNewPrivileges")).toEqual(["yes"]);
    expect(settings(UNIT, "ProtectSystem")).toEqual(["strict"]);
    expect(settings(UNIT, "ReadWritePaths")).toEqual([`${INSTALL_DIR}/data`]);
  });

  it.skipIf(!systemdAnalyze)("passes systemd-analyze verify", () => {
    // Installed here: this checkout (whose node_modules/.bin/node is the project's Node) in place of /srv/portfolio.
    const dir = tempDir("portfolio-unit-");
    const envFile = path.join(dir, "env");
    writeFileSync(envFile, "PUBLIC_URL=https://example.com\n");
    const unit = UNIT.replaceAll(INSTALL_DIR, process.cwd()).replace(
      /^EnvironmentFile=.*$/m,
      `EnvironmentFile=${envFile}`,
    );
    const file = path.join(dir, "portfolio.service");
    writeFileSync(file, unit);
    const result = spawnSync(systemdAnalyze ?? "", ["verify", file], { encoding: "utf8" });
    // Unknown keys and misplaced settings are warnings with status 0: any line about the unit fails too.
    const complaints = `${result.stdout}${result.stderr}`
      .split("\n")
      .filter((line) => line.includes("portfolio.service"));
    expect(complaints, `${result.stdout}${result.stderr}`).toEqual([]);
    expect(result.status, `${result.stdout}${result.stderr}`).toBe(0);
  });
});

describe("deploy/nginx-site.conf", () => {
  it("redirects HTTP to HTTPS, speaks HTTP/2 and caches only the fingerprinted assets", () => {
    expect(SITE).toMatch(/return 301 https:\/\/\$server_name\$request_uri;/);
    expect(SITE).toMatch(/listen 443 ssl http2;/);
    expect(SITE).toMatch(/location \/assets\/ \{[^}]*proxy_cache portfolio_assets;/);
    // The site's own headers (CSP, HSTS, CORP, Cache-Control) pass through: nginx adds and hides none
    // (tests/e2e/deploy/observatory.spec.ts has the Observatory grade what comes out of it).
    expect(SITE).not.toMatch(/^\s*(add_header|proxy_hide_header|proxy_ignore_headers|more_clear_headers|expires)\b/m);
    expect(SITE).toMatch(/proxy_set_header X-Forwarded-Proto \$scheme;/);
  });

  it.skipIf(!nginx || !openssl)("passes nginx -t with a self-signed certificate", () => {
    const dir = tempDir("portfolio-nginx-");
    const key = path.join(dir, "privkey.pem");
    const cert = path.join(dir, "fullchain.pem");
    execFileSync(
      openssl ?? "",
      [
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-days",
        "1",
        "-subj",
        "/CN=example.com",
        "-keyout",
        key,
        "-out",
        cert,
      ],
      { stdio: "pipe" },
    );
    for (const sub of ["cache", "logs"]) mkdirSync(path.join(dir, sub));
    const site = SITE.replaceAll("/etc/letsencrypt/live/example.com/", `${dir}/`).replaceAll(
      "/var/cache/nginx/",
      `${dir}/cache/`,
    );
    writeFileSync(path.join(dir, "site.conf"), site);
    // The frame Debian's /etc/nginx/nginx.conf gives it, with every path in the temporary directory.
    writeFileSync(path.join(dir, "nginx.conf"), nginxFrameFor(dir));
    const result = spawnSync(nginx ?? "", ["-t", "-p", dir, "-c", path.join(dir, "nginx.conf")], { encoding: "utf8" });
    expect(result.stderr).toMatch(/syntax is ok/);
    expect(result.status, result.stderr).toBe(0);
  });
});
