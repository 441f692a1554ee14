/**
 * The deploy recipes stay valid: deploy/portfolio.service passes
 * `systemd-analyze verify` and starts the server as `npm run serve` does, and
 * deploy/nginx-site.conf passes `nginx -t` with a self-signed certificate.
 * Each check is skipped, saying why, where its command is missing.
 */
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { request as httpsRequest } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { findNginx, nginxFrameFor } from "../../bench/nginx.ts";
import { SERVER_ENVIRONMENT, SERVER_NODE_FLAGS } from "../../runtime/node-flags.ts";
import { selfSignedCertificate } from "../../tools/processes/certificate.ts";
import { freePorts } from "../harness/free-port.ts";
import { limit } from "../harness/host-speed.ts";

const UNIT = readFileSync("deploy/portfolio.service", "utf8");
const SITE = readFileSync("deploy/nginx-site.conf", "utf8");
const INSTALL_DIR = "/srv/portfolio";

function commandPath(name: string): string | undefined {
  const found = spawnSync("sh", ["-c", `command -v ${name}`], { encoding: "utf8" });
  return found.status === 0 ? found.stdout.trim() || undefined : undefined;
}

const systemdAnalyze = commandPath("systemd-analyze");
const nginx = findNginx(process.env.NGINX_PATH);
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

/**
 * deploy/nginx-site.conf in a temporary directory, with a self-signed
 * certificate for example.com and Debian's frame around it; `adapt` may
 * rewrite the site (its ports, its upstream) first. Returns the directory.
 */
function siteInTempDir(adapt: (site: string, dir: string) => string = (site) => site): string {
  const dir = tempDir("portfolio-nginx-");
  selfSignedCertificate(openssl ?? "", dir, "example.com");
  for (const sub of ["cache", "logs"]) mkdirSync(path.join(dir, sub));
  const site = SITE.replaceAll("/etc/letsencrypt/live/example.com/", `${dir}/`).replaceAll(
    "/var/cache/nginx/",
    `${dir}/cache/`,
  );
  writeFileSync(path.join(dir, "site.conf"), adapt(site, dir));
  // The frame Debian's /etc/nginx/nginx.conf gives it, with every path in the temporary directory.
  writeFileSync(path.join(dir, "nginx.conf"), nginxFrameFor(dir));
  return dir;
}

/** A GET of `target` over TLS to example.com on this port, its certificate not checked (a self-signed one). */
function getOverTls(port: number, target: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpsRequest(
      {
        host: "127.0.0.1",
        port,
        path: target,
        servername: "example.com",
        headers: { Host: "example.com" },
        rejectUnauthorized: false,
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      },
    );
    request.on("error", reject);
    request.end();
  });
}

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
    const dir = siteInTempDir();
    const result = spawnSync(nginx ?? "", ["-t", "-p", dir, "-c", path.join(dir, "nginx.conf")], { encoding: "utf8" });
    expect(result.stderr).toMatch(/syntax is ok/);
    expect(result.status, result.stderr).toBe(0);
  });

  it.skipIf(!nginx || !openssl)(
    "logs a shared draft's token, a newsletter link's token and a sign-in code as placeholders",
    async () => {
      // The site behind it: any answer will do, the log line is nginx's own.
      const upstream = createServer((_req, res) => res.writeHead(404).end("not here"));
      await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
      const [http, https] = await freePorts(2);
      const dir = siteInTempDir((site, into) =>
        site
          .replace(/^\s*listen \[::\]:.*$/gm, "")
          .replace(/listen 80;/, `listen 127.0.0.1:${http};`)
          .replace(/listen 443 ssl http2;/, `listen 127.0.0.1:${https} ssl;`)
          .replace("server 127.0.0.1:3000", `server 127.0.0.1:${(upstream.address() as AddressInfo).port}`)
          .replace("/var/log/nginx/portfolio.access.log", `${into}/logs/access.log`),
      );
      const server = spawn(nginx ?? "", ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-g", "daemon off;"], {
        stdio: ["ignore", "ignore", "pipe"],
      });
      try {
        const secret = randomBytes(32).toString("base64url");
        const targets = [
          `/blog/preview/${secret}`,
          `/en/blog/preview/${secret}.data`,
          `/BLOG/%70review/${secret}`,
          `/newsletter/confirm?token=${secret}`,
          `/en/newsletter/unsubscribe?lang=en&token=${secret}`,
          `/auth/github/callback?code=${secret}&state=${secret}`,
          "/blog/bot-discord?page=2",
        ];
        // nginx is listening once a connection is taken; a refused one is never logged.
        const deadline = Date.now() + limit(10_000);
        for (;;) {
          try {
            await getOverTls(https, "/healthz");
            break;
          } catch (error) {
            if (Date.now() > deadline || server.exitCode !== null) throw error;
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
        }
        for (const target of targets) await getOverTls(https, target);
        const logFile = path.join(dir, "logs/access.log");
        // nginx writes a request's line once it has answered it.
        await expect
          .poll(() => (existsSync(logFile) ? readFileSync(logFile, "utf8").trim().split("\n").length : 0), {
            timeout: limit(10_000),
          })
          .toBe(targets.length + 1);
        const log = readFileSync(logFile, "utf8");
        expect(log).not.toContain(secret);
        expect(log).not.toContain(secret.slice(0, 12));
        for (const line of [
          '"GET /blog/preview/{token} HTTP/1.1" 404',
          '"GET /en/blog/preview/{token} HTTP/1.1" 404',
          '"GET /BLOG/preview/{token} HTTP/1.1" 404',
          '"GET /newsletter/confirm?{secret} HTTP/1.1" 404',
          '"GET /en/newsletter/unsubscribe?{secret} HTTP/1.1" 404',
          '"GET /auth/github/callback?{secret} HTTP/1.1" 404',
          // Any other address is logged as it was asked for.
          '"GET /blog/bot-discord?page=2 HTTP/1.1" 404',
        ])
          expect(log).toContain(line);
      } finally {
        const exited = new Promise((resolve) => server.once("exit", resolve));
        server.kill("SIGTERM");
        await exited;
        await new Promise((resolve) => upstream.close(resolve));
      }
    },
    limit(30_000),
  );
});
