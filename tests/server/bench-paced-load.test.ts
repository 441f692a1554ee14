import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PacedClient } from "../../bench/paced-load.ts";

/**
 * A server that answers at once, except for a stall: from its `holdAt`th request, every request is answered only
 * once 100 ms have passed, as if a long write had blocked its thread (without blocking this process's, the load's).
 */
let server: http.Server;
let url = "";
let holdAt = -1;
let answered = 0;
let stalledUntil = 0;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    answered += 1;
    if (answered === holdAt) stalledUntil = performance.now() + 100;
    const missing = request.url === "/missing";
    const body = missing ? "no" : "page";
    const answer = () => {
      response.writeHead(missing ? 404 : 200, { "content-length": Buffer.byteLength(body) });
      response.end(body);
    };
    const wait = stalledUntil - performance.now();
    if (wait > 0) setTimeout(answer, wait);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const request =
  (path = "/") =>
  () => ({ path, headers: { "user-agent": "bench" } });

describe("a load at a fixed pace", () => {
  it("sends its requests on schedule and times every answer", async () => {
    const client = await PacedClient.open(url, 4);
    try {
      answered = 0;
      holdAt = -1;
      stalledUntil = 0;
      const answer = await client.load(200, 100, request());
      expect(answer).toMatchObject({ requests: 100, answered200: 100, errors: 0 });
      expect(answer.times).toHaveLength(100);
      // 100 requests due over half a second: the load waits for its schedule, not only for the answers.
      expect(answer.seconds).toBeGreaterThanOrEqual(0.49);
      const again = await client.load(200, 10, request("/missing"));
      expect(again).toMatchObject({ requests: 10, answered200: 0, errors: 10 });
    } finally {
      client.close();
    }
  });

  it("charges a server that stalls for every request due meanwhile, not only the one it held", async () => {
    const client = await PacedClient.open(url, 4);
    try {
      answered = 0;
      holdAt = 50;
      const answer = await client.load(200, 200, request());
      const slow = answer.times.filter((time) => time >= 40);
      // At 200 a second, about 20 requests fall due during a 100 ms stall; a load that waited for each answer before
      // its next request would have sent only its 4 connections' worth and timed them alone.
      expect(slow.length).toBeGreaterThanOrEqual(10);
      expect(answer.mostWaiting).toBeGreaterThan(0);
    } finally {
      client.close();
    }
  });
});
