/**
 * nginx as the yardstick for static serving: Debian's package, started on a
 * loopback port with a config written here, serving the same built files
 * the way the site serves them: the build's precompressed copies
 * (`gzip_static`, and `brotli_static` when Debian's
 * libnginx-mod-http-brotli-static is installed), with as many worker
 * processes as the site has in the comparison.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { freePort } from "../tools/processes/free-port.ts";
import { type Child, startChild, waitFor200 } from "./processes.ts";

const CANDIDATES = ["/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/local/nginx/sbin/nginx"];

/** Where Debian's nginx packages put dynamic modules. */
const MODULE_DIRS = ["/usr/lib/nginx/modules", "/usr/share/nginx/modules"];

/** Debian's brotli_static module (libnginx-mod-http-brotli-static), when installed; nginx has no brotli of its own. */
export function findBrotliStaticModule(): string | undefined {
  return MODULE_DIRS.map((dir) => path.join(dir, "ngx_http_brotli_static_module.so")).find((file) => existsSync(file));
}

function onPath(name: string): string | undefined {
  try {
    return execFileSync("sh", ["-c", `command -v ${name}`], { encoding: "utf8" }).trim() || undefined;
  } catch {
    return undefined;
  }
}

/** `nginxPath` (NGINX_PATH) when given, else nginx on PATH or in the usual places. */
export function findNginx(nginxPath: string | undefined): string | undefined {
  return nginxPath || onPath("nginx") || CANDIDATES.find((candidate) => existsSync(candidate));
}

/** nginx, installed from Debian's package when we are root with apt; otherwise a clear instruction. */
export function ensureNginx(nginxPath: string | undefined): string {
  let nginx = findNginx(nginxPath);
  if (!nginx && process.getuid?.() === 0 && onPath("apt-get")) {
    console.info("nginx not found; installing Debian's nginx package…");
    // RUNLEVEL=1 keeps the package's init script from starting a system-wide nginx on port 80.
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive", RUNLEVEL: "1" };
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
    execFileSync("apt-get", ["install", "-y", "-qq", "nginx"], { stdio: "inherit", env });
    nginx = findNginx(nginxPath);
  }
  if (!nginx) {
    throw new Error(
      [
        "The bench compares static serving with nginx, and none was found.",
        "Install it, then run the bench again:",
        "  Debian/Ubuntu: sudo apt-get install nginx",
        "  Fedora:        sudo dnf install nginx",
        "  macOS:         brew install nginx",
        "Or point NGINX_PATH at an nginx binary.",
      ].join("\n"),
    );
  }
  return nginx;
}

export function nginxVersion(nginx: string): string {
  try {
    // nginx prints its version on stderr.
    const out = execFileSync("sh", ["-c", `"${nginx}" -v 2>&1`], { encoding: "utf8" });
    return /nginx\/(\S+)/.exec(out)?.[1] ?? "unknown";
  } catch {
    return "unknown";
  }
}

/**
 * The config: Debian's defaults that matter for speed (sendfile, keep-alive),
 * `workers` worker processes, and the build's precompressed copies served as
 * they are (gzip level 9 from `.gz`, brotli 11 from `.br` when the module is
 * there), as the site serves them; `gzip on` stays for the few files without
 * a copy.
 */
export function nginxConfig(options: {
  port: number;
  root: string;
  tempDir: string;
  asRoot: boolean;
  workers: number;
  brotliModule?: string | undefined;
}): string {
  const t = options.tempDir;
  const brotli = options.brotliModule;
  return `${brotli ? `load_module ${brotli};\n` : ""}${options.asRoot ? "user root;\n" : ""}worker_processes ${options.workers};
daemon off;
pid ${t}/nginx.pid;
error_log ${t}/error.log warn;
events { worker_connections 1024; }
http {
  types {
    text/html html; text/css css; application/javascript js; application/json json; text/plain txt data;
    application/xml xml; image/svg+xml svg; image/webp webp; image/avif avif; image/png png;
    image/jpeg jpg jpeg; font/woff2 woff2; image/x-icon ico;
  }
  default_type application/octet-stream;
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_timeout 65;
  gzip on;
  gzip_static on;
  gzip_vary on;
${brotli ? "  brotli_static on;\n" : ""}  gzip_types text/css application/javascript application/json application/xml image/svg+xml text/plain;
${nginxTempPaths(t)}
  server {
    listen 127.0.0.1:${options.port};
    root ${options.root};
    location / { try_files $uri $uri/index.html =404; }
  }
}
`;
}

/** Where nginx keeps its temporary files (`http` block lines), all under `dir`, so it runs without root's paths. */
export function nginxTempPaths(dir: string): string {
  return ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
    .map((kind) => `  ${kind}_temp_path ${dir}/${kind === "client_body" ? "body" : kind};`)
    .join("\n");
}

/**
 * The frame Debian's /etc/nginx/nginx.conf gives a site, with every path in
 * `dir` and the site's own file at `dir/site.conf` (the deploy recipe under
 * test). `extra` goes first (e.g. the user the workers run as).
 */
export function nginxFrameFor(dir: string, extra = ""): string {
  return `${extra}pid ${dir}/nginx.pid;
error_log ${dir}/logs/error.log warn;
events { worker_connections 64; }
http {
  access_log off;
${nginxTempPaths(dir)}
  include ${dir}/site.conf;
}
`;
}

export interface RunningNginx {
  child: Child;
  origin: string;
  workers: number;
  /** Brotli copies served too (the module was found); gzip copies always are. */
  brotliStatic: boolean;
}

/**
 * Starts nginx in the foreground on a free loopback port with `workers`
 * worker processes; the caller stops it (cleanup does on failure).
 */
export async function startNginx(
  nginx: string,
  clientDir: string,
  tempDir: string,
  workers = 1,
): Promise<RunningNginx> {
  const port = await freePort();
  const dir = path.join(tempDir, `nginx-${workers}`);
  await mkdir(dir, { recursive: true });
  const conf = path.join(dir, "nginx.conf");
  const brotliModule = findBrotliStaticModule();
  const config = nginxConfig({
    port,
    root: path.resolve(clientDir),
    tempDir: dir,
    asRoot: process.getuid?.() === 0,
    workers,
    brotliModule,
  });
  await writeFile(conf, config);
  const started = performance.now();
  const child = startChild(nginx, ["-p", dir, "-e", path.join(dir, "error.log"), "-c", conf], process.env);
  const origin = `http://127.0.0.1:${port}`;
  try {
    await waitFor200(`${origin}/about`, child, started, 15_000);
  } catch (error) {
    await child.stop();
    throw error;
  }
  return { child, origin, workers, brotliStatic: brotliModule !== undefined };
}
