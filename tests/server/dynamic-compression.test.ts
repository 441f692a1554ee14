import { get } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync } from "node:zlib";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DYNAMIC_COMPRESSION } from "../../http-server/app.ts";

describe("compression of responses made per request", () => {
  const page = `<!doctype html><html><body>${"<p>Olá, mundo. Uma página gerada agora.</p>".repeat(3000)}</body></html>`;
  let server: ReturnType<ReturnType<typeof express>["listen"]>;
  let origin: string;
  beforeAll(async () => {
    const app = express();
    app.use(compression(DYNAMIC_COMPRESSION));
    app.get("/", (_req, res) => {
      res.type("html").send(page);
    });
    server = await new Promise((resolve) => {
      const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
    });
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("uses a 256 KB brotli window, and the page arrives whole", async () => {
    // node:http hands the body over as sent (fetch would decompress it).
    const { encoding, body } = await new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
      get(`${origin}/`, { headers: { "accept-encoding": "br" } }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ encoding: response.headers["content-encoding"], body: Buffer.concat(chunks) }),
        );
      }).on("error", reject);
    });
    expect(encoding).toBe("br");
    // The stream header's first bits give the window: 1, then 3 bits of (WBITS - 17); 18 is 0b0011.
    expect((body[0] ?? 0) & 0x0f).toBe(0b0011);
    expect(brotliDecompressSync(body).toString()).toBe(page);
  });
});
