/**
 * `npm run observatory`: the Mozilla HTTP Observatory's grade of the site as
 * docs/deploying.md sets it up. The production server of the build
 * (BUILD_DIR, default build) with `PUBLIC_URL=https://localhost` and
 * FORCE_HTTPS, behind nginx with deploy/nginx-site.conf (ports 80 and 443,
 * a self-signed certificate made here with openssl), and the Observatory's
 * own scanner (npm `@mdn/mdn-http-observatory`) run against it. Prints the
 * scanner's JSON (grade, score, each test's result) on standard output.
 *
 * Everything runs inside a network namespace of its own (`unshare --net`,
 * with `--user --map-root-user` when not root), whose loopback nobody else
 * shares: ports 80 and 443 are free there, and nothing reaches the network.
 *
 * The scanner is installed apart from the site, from tools/commands/observatory/'s
 * lock file, into a cache directory (OBSERVATORY_DIR, default
 * ~/.cache/portfolio/observatory-{hash of the lock}) with
 * `npm ci --ignore-scripts`: its install scripts download the HSTS preload
 * list, a top-level-domain list and a CA bundle, which the registry-only
 * network does not allow. What the scanner reads of them is given here from
 * local sources: an empty preload list (nothing on loopback is preloaded),
 * Debian's CA bundle for its own command's wrapper, and the test's
 * certificate through NODE_EXTRA_CA_CERTS. See
 * docs/decisions/026-https-and-a-strict-csp.md.
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { request } from "node:https";
import { homedir, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { findNginx, nginxFrameFor } from "../../bench/nginx.ts";
import { observatorySettings } from "../../config/commands.ts";
import { readSettings, settingsOrExit } from "../../config/read.ts";
import { SERVER_ENVIRONMENT, serverCommandArgs } from "../../runtime/node-flags.ts";
import { selfSignedCertificate } from "../processes/certificate.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
const manifestDir = path.join(root, "tools", "commands", "observatory");
/** The argument of the process started inside the namespace, before the scanner's package directory. */
const INSIDE = "--inside";
const HOST = "localhost";
const SERVER_PORT = 3000;
const START_TIMEOUT_MS = 60_000;

function commandPath(name: string): string | undefined {
  const found = spawnSync("sh", ["-c", `command -v ${name}`], { encoding: "utf8" });
  const onPath = found.status === 0 ? found.stdout.trim() : "";
  if (onPath) return onPath;
  return ["/usr/sbin", "/sbin", "/usr/bin"].map((dir) => path.join(dir, name)).find((file) => existsSync(file));
}

/** Options of `unshare` for a network namespace: root makes one as it is, anyone else inside a user namespace. */
const namespaceOptions = () => [...(process.getuid?.() === 0 ? [] : ["--user", "--map-root-user"]), "--net"];

/** What this needs and lacks: commands (with their Debian package), or the right to make a network namespace. */
export function missingRequirements(settings = readSettings(observatorySettings)): string[] {
  const needed: [string, string][] = [
    ["openssl", "openssl"],
    ["unshare", "util-linux"],
    ["ip", "iproute2"],
  ];
  const missing = needed.filter(([command]) => !commandPath(command)).map(([command, pkg]) => `${command} (${pkg})`);
  if (!findNginx(settings.nginxPath)) missing.push("nginx (nginx)");
  const unshare = commandPath("unshare");
  if (unshare && spawnSync(unshare, [...namespaceOptions(), "true"]).status !== 0)
    missing.push("a network namespace of its own (unshare --net: root, or user namespaces)");
  return missing;
}

/** The scanner's package directory, installed from the lock file when it is not there yet. */
export function ensureScanner(settings = readSettings(observatorySettings)): string {
  const lock = readFileSync(path.join(manifestDir, "package-lock.json"));
  const dir =
    settings.scannerDir ??
    path.join(
      homedir(),
      ".cache",
      "portfolio",
      `observatory-${createHash("sha256").update(lock).digest("hex").slice(0, 12)}`,
    );
  const pkg = path.join(dir, "node_modules", "@mdn", "mdn-http-observatory");
  if (!existsSync(path.join(pkg, "src", "scan.js"))) {
    console.error(`Installing the HTTP Observatory scanner into ${dir}…`);
    // Installed beside the target and moved in whole, so two runs at once never share a half-installed tree.
    mkdirSync(path.dirname(dir), { recursive: true });
    const staging = mkdtempSync(`${dir}.installing-`);
    try {
      for (const file of ["package.json", "package-lock.json"])
        copyFileSync(path.join(manifestDir, file), path.join(staging, file));
      execFileSync("npm", ["ci", "--ignore-scripts", "--no-audit", "--no-fund"], {
        cwd: staging,
        stdio: ["ignore", 2, 2],
      });
      rmSync(dir, { recursive: true, force: true });
      renameSync(staging, dir);
    } finally {
      rmSync(staging, { recursive: true, force: true });
    }
  }
  // What the skipped install scripts would have downloaded. The HSTS preload list (Chromium's)
  // decides only the preload bonus; nothing on loopback is on it.
  const preload = path.join(pkg, "conf", "hsts-preload.json");
  if (!existsSync(preload)) writeFileSync(preload, "{}\n");
  // The scanner's own command points NODE_EXTRA_CA_CERTS at a Mozilla bundle; Debian's is the same roots.
  const bundleDir = path.join(dir, "node_modules", "node_extra_ca_certs_mozilla_bundle", "ca_bundle");
  const debianBundle = "/etc/ssl/certs/ca-certificates.crt";
  if (existsSync(debianBundle) && !existsSync(path.join(bundleDir, "ca_intermediate_bundle.pem"))) {
    mkdirSync(bundleDir, { recursive: true });
    for (const name of ["ca_intermediate_bundle.pem", "ca_intermediate_root_bundle.pem"])
      copyFileSync(debianBundle, path.join(bundleDir, name));
  }
  return pkg;
}

interface Child {
  name: string;
  process: ChildProcess;
  output(): string;
  exited: Promise<void>;
}

function start(name: string, command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Child {
  const child = spawn(command, args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<void>((resolve) => {
    child.on("exit", () => resolve());
    child.on("error", (error) => {
      keep(Buffer.from(String(error)));
      resolve();
    });
  });
  return { name, process: child, output: () => log, exited };
}

async function stop(child: Child): Promise<void> {
  if (child.process.exitCode !== null || child.process.signalCode !== null) return;
  child.process.kill("SIGTERM");
  const timer = setTimeout(() => child.process.kill("SIGKILL"), 10_000);
  await child.exited;
  clearTimeout(timer);
}

/** Resolves once `probe` answers true; fails when the child stops or the time runs out. */
async function waitUntil(child: Child, what: string, probe: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  let stopped = false;
  void child.exited.then(() => {
    stopped = true;
  });
  while (Date.now() < deadline) {
    if (stopped) throw new Error(`${child.name} stopped while starting:\n${child.output()}`);
    if (await probe().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${child.name} did not answer ${what} within ${START_TIMEOUT_MS / 1000} s:\n${child.output()}`);
}

/** A GET over TLS that trusts the given certificate only; resolves with the status. */
function httpsStatus(url: string, ca: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { ca }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    req.on("error", reject);
    req.end();
  });
}

/**
 * deploy/nginx-site.conf for this run: the site's name, the certificate, the
 * cache and the challenge directory in `dir`; everything else as deployed.
 */
export function siteConfigFor(site: string, dir: string): string {
  return site
    .replaceAll("example.com", HOST)
    .replaceAll(`/etc/letsencrypt/live/${HOST}/`, `${dir}/`)
    .replaceAll("/var/cache/nginx/", `${dir}/cache/`)
    .replaceAll("/var/www/letsencrypt", `${dir}/letsencrypt`);
}

/** The run itself, inside the namespace. */
async function scanInside(scanner: string): Promise<string> {
  const settings = settingsOrExit(observatorySettings);
  const ip = commandPath("ip");
  const openssl = commandPath("openssl");
  const nginx = findNginx(settings.nginxPath);
  if (!ip || !openssl || !nginx) throw new Error("Missing: ip, openssl or nginx");
  execFileSync(ip, ["link", "set", "lo", "up"]);

  const dir = mkdtempSync(path.join(tmpdir(), "portfolio-observatory-"));
  const children: Child[] = [];
  try {
    const { cert } = selfSignedCertificate(openssl, dir, HOST, [`DNS:${HOST}`, "IP:127.0.0.1", "IP:::1"]);
    for (const sub of ["cache", "logs", "letsencrypt", "data"]) mkdirSync(path.join(dir, sub));

    const buildDir = path.resolve(root, settings.buildDir);
    const server = start("the server", process.execPath, serverCommandArgs(buildDir), {
      ...SERVER_ENVIRONMENT,
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(SERVER_PORT),
      PUBLIC_URL: `https://${HOST}`,
      FORCE_HTTPS: "true",
      DATA_DIR: path.join(dir, "data"),
      BUILD_DIR: buildDir,
      WEB_CONCURRENCY: "1",
    });
    children.push(server);
    await waitUntil(server, "/healthz", async () => (await fetch(`http://127.0.0.1:${SERVER_PORT}/healthz`)).ok);

    const site = readFileSync(path.join(root, "deploy", "nginx-site.conf"), "utf8");
    writeFileSync(path.join(dir, "site.conf"), siteConfigFor(site, dir));
    // The frame Debian's /etc/nginx/nginx.conf gives it, with every path in the temporary directory.
    // Workers run as the namespace's root: with --map-root-user no other user exists there.
    writeFileSync(path.join(dir, "nginx.conf"), nginxFrameFor(dir, "user root root;\ndaemon off;\n"));
    const proxy = start("nginx", nginx, ["-p", dir, "-c", path.join(dir, "nginx.conf")]);
    children.push(proxy);
    const ca = readFileSync(cert, "utf8");
    await waitUntil(proxy, `https://${HOST}/`, async () => (await httpsStatus(`https://${HOST}/healthz`, ca)) === 200);

    const scan = spawnSync(process.execPath, [path.join(scanner, "src", "scan.js"), HOST], {
      encoding: "utf8",
      env: { ...process.env, NODE_EXTRA_CA_CERTS: cert },
      timeout: 60_000,
    });
    if (scan.status !== 0) throw new Error(`The scanner failed (${scan.status}):\n${scan.stdout}\n${scan.stderr}`);
    return scan.stdout;
  } finally {
    for (const child of children.reverse()) await stop(child);
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const [flag, scanner] = process.argv.slice(2);
  if (flag === INSIDE && scanner) {
    process.stdout.write(await scanInside(scanner));
    return;
  }
  const settings = settingsOrExit(observatorySettings);
  const missing = missingRequirements(settings);
  if (missing.length > 0) throw new Error(`Missing: ${missing.join(", ")}`);
  const pkg = ensureScanner(settings);
  const result = spawnSync(
    commandPath("unshare") ?? "unshare",
    [...namespaceOptions(), process.execPath, ...process.execArgv, fileURLToPath(import.meta.url), INSIDE, pkg],
    { stdio: "inherit" },
  );
  if (result.status !== 0)
    throw new Error(`The scan in its network namespace failed (${result.status ?? result.signal})`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
