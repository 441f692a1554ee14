/**
 * HTTP as it crosses the wire: no automatic decompression, so a test sees the
 * encoding the server chose, then decodes it itself.
 */
import http from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";

export interface RawReply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export function rawRequest(
  url: string | URL,
  headers: Record<string, string> = {},
  method = "GET",
  body?: string,
): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** The body as sent before encoding: brotli and gzip undone, anything else as it came. */
export function decodedBody(reply: RawReply): Buffer {
  const encoding = reply.headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(reply.body);
  if (encoding === "gzip") return gunzipSync(reply.body);
  return reply.body;
}
