/**
 * The bounds of the site's own webmention requests: no private, loopback
 * or link-local address (written in the URL or answered by DNS, redirects
 * included, each redirect checked again), no credentials, no other scheme; a body over the size limit
 * and an answer that never comes are refused, redirects counted.
 */
import { createServer, type Server, type ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PrivateAddressError } from "../../app/server/net/address-guard.server.ts";
import { FetchError, type FetchLimits, fetchBounded } from "../../app/server/net/guarded-fetch.server.ts";
import { limit } from "../harness/host-speed.ts";

const limits: FetchLimits = {
  timeoutMs: limit(1_000),
  maxBytes: 64 * 1024,
  maxRedirects: 2,
  allowPrivate: true,
  userAgent: "webmention-test",
};

let server: Server;
let origin = "";
let requests = 0;
const hanging = new Set<ServerResponse>();

beforeAll(async () => {
  server = createServer((req, res) => {
    requests += 1;
    const path = req.url ?? "/";
    if (path === "/hang") return void hanging.add(res);
    if (path === "/declared-large")
      return void res.writeHead(200, { "Content-Length": String(10 * 1024 * 1024) }).end();
    if (path === "/streamed-large") {
      res.writeHead(200, { "Content-Type": "text/html" });
      res.on("error", () => undefined);
      for (let n = 0; n < 20; n += 1) res.write(Buffer.alloc(8 * 1024, "a"));
      return void res.end();
    }
    if (path === "/loop") return void res.writeHead(302, { Location: "/loop" }).end();
    if (path === "/to-file") return void res.writeHead(302, { Location: "file:///etc/passwd" }).end();
    res.writeHead(200, { "Content-Type": "text/plain" }).end("fine");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
});

afterAll(async () => {
  for (const res of hanging) res.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe("addresses the site may not reach", () => {
  const closed = { ...limits, allowPrivate: false };

  it("refuses each private, loopback, link-local or unspecified address written in the URL, before connecting", async () => {
    const before = requests;
    for (const url of [
      `${origin}/`,
      "http://localhost/",
      "http://app.localhost/",
      "http://10.1.2.3/",
      "http://172.16.0.1/",
      "http://192.168.1.1/",
      "http://169.254.169.254/latest/meta-data/",
      "http://100.64.0.1/",
      "http://0.0.0.0/",
      "http://[::1]/",
      "http://[::ffff:127.0.0.1]/",
      "http://[fe80::1]/",
      "http://[fd00::1]/",
    ]) {
      await expect(fetchBounded(url, closed), url).rejects.toBeInstanceOf(PrivateAddressError);
    }
    expect(requests).toBe(before);
  });

  it("refuses a host name whose DNS answers include a private address, whichever comes first", async () => {
    for (const answers of [["10.0.0.7"], ["93.184.216.34", "127.0.0.1"], ["::1"], ["2606:4700::1", "fd12::1"]]) {
      const resolve = async () => answers.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
      await expect(fetchBounded("http://mentions.example/", { ...closed, resolve }), answers.join()).rejects.toThrow(
        PrivateAddressError,
      );
    }
  });

  it("checks every redirect as it checks the first address", async () => {
    // The first hop is on loopback, which this test allows: the redirect's own check is what refuses.
    await expect(fetchBounded(`${origin}/to-file`, limits)).rejects.toThrow(/not http or https/);
  });

  it("refuses credentials in the address and schemes other than http(s)", async () => {
    await expect(fetchBounded(`http://user:secret@${origin.slice(7)}/`, limits)).rejects.toThrow(/credentials/);
    await expect(fetchBounded("ftp://example.com/x", limits)).rejects.toThrow(/not http or https/);
    await expect(fetchBounded("not a url", limits)).rejects.toBeInstanceOf(FetchError);
  });
});

describe("the limits of an answer", () => {
  it("refuses a body declared or streamed over the limit", async () => {
    await expect(fetchBounded(`${origin}/declared-large`, limits)).rejects.toThrow(/over the limit/);
    await expect(fetchBounded(`${origin}/streamed-large`, limits)).rejects.toThrow(/passed the limit/);
  });

  it("gives up on an answer that never comes, within its time limit", async () => {
    // Short: nothing would come later anyway.
    await expect(fetchBounded(`${origin}/hang`, { ...limits, timeoutMs: 300 })).rejects.toThrow(
      /no complete answer within 300 ms/,
    );
  });

  it("follows so many redirects and no more", async () => {
    await expect(fetchBounded(`${origin}/loop`, limits)).rejects.toThrow(/more than 2 redirects/);
  });

  it("reads a page that keeps to them", async () => {
    const page = await fetchBounded(`${origin}/fine`, limits);
    expect(page).toMatchObject({ status: 200, url: `${origin}/fine`, body: "fine" });
  });
});
