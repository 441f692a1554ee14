import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { securityHeaders } from "../app/lib/csp.ts";
import type { ServerConfig } from "./config.ts";
import { loadStaticPages, staticPagesMiddleware } from "./static-pages.ts";

/** Refuses bodies larger than the limit before reading them; a body of unknown length is refused too. */
export function bodyLimit(maxBytes: number) {
  return (req: Request, res: Response, next: NextFunction) => {
    const hasBody = req.headers["transfer-encoding"] !== undefined || req.headers["content-length"] !== undefined;
    if (!hasBody) return next();
    const length = Number(req.headers["content-length"]);
    if (!Number.isFinite(length)) {
      res.status(411).type("text/plain").send("Length Required");
      return;
    }
    if (length > maxBytes) {
      res.status(413).type("text/plain").send("Payload Too Large");
      return;
    }
    next();
  };
}

function baseHeaders(_req: Request, res: Response, next: NextFunction) {
  for (const [name, value] of Object.entries(securityHeaders)) res.setHeader(name, value);
  next();
}

/** The whole HTTP application: security headers, static files, then React Router. */
export async function createApp(config: ServerConfig, vite?: ViteDevServer) {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", "loopback");
  app.use(baseHeaders);
  app.use(compression());
  app.use(bodyLimit(config.bodyLimitBytes));

  const clientDir = path.join(config.buildDir, "client");
  let build: ServerBuild | (() => Promise<ServerBuild>);
  if (vite) {
    app.use(vite.middlewares);
    build = () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  } else {
    // Fingerprinted assets never change under the same name.
    app.use(
      "/assets",
      express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", index: false, redirect: false }),
    );
    app.use(staticPagesMiddleware(await loadStaticPages(clientDir)));
    app.use(
      express.static(clientDir, {
        index: false,
        redirect: false,
        maxAge: "1h",
        setHeaders(res, file) {
          // Loader data of prerendered pages, fetched on client-side navigation.
          if (file.endsWith(".data")) res.setHeader("Content-Type", "text/x-script");
        },
      }),
    );
    build = (await import(path.join(config.buildDir, "server", "index.js"))) as ServerBuild;
  }

  app.all("/{*splat}", createRequestHandler({ build, mode: config.production ? "production" : "development" }));
  return app;
}
