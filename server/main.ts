/**
 * Starts the site: `npm start` (production build) or `npm run dev` (Vite,
 * hot reload). Stops cleanly on SIGTERM/SIGINT: no new connections, requests
 * in flight finish, then the process exits.
 */
import type { Server } from "node:http";
import { createApp } from "./app.ts";
import { ConfigError, readConfig } from "./config.ts";

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const config = readConfig();
  const vite = config.production
    ? undefined
    : await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));
  const app = await createApp(config, vite);

  const server: Server = app.listen(config.port, config.host, () => {
    const shown = config.host === "0.0.0.0" ? "localhost" : config.host;
    console.log(`Site ready at http://${shown}:${config.port} (${config.production ? "production" : "development"})`);
  });
  server.on("error", (error: NodeJS.ErrnoException) => {
    console.error(
      error.code === "EADDRINUSE" ? `Port ${config.port} is already in use; set PORT to another one.` : error.message,
    );
    process.exit(1);
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received, finishing requests in flight…`);
    const force = setTimeout(() => {
      console.error("Requests still open after 10 s; exiting anyway.");
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    server.close(async () => {
      await vite?.close();
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main().catch((error: unknown) => {
  // Configuration mistakes get one readable line, not a stack trace.
  console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
  process.exit(1);
});
