/**
 * The address guard of every request the site makes of other servers
 * (net/address-guard.server.ts, net/guarded-fetch.server.ts): each
 * non-public range refused as written and as DNS answers it, at the
 * connection itself, so an answer checked is the answer connected to.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPublicAddress } from "../../app/server/net/address-guard.server.ts";
import { type FetchLimits, PrivateAddressError, requestBounded } from "../../app/server/net/guarded-fetch.server.ts";
import { wantsActivityPub } from "../../http-server/federation.ts";
import { limit } from "../harness/host-speed.ts";

/** One address of each range no request may reach. */
const refusedRanges: [string, string][] = [
  ["0.0.0.0", "this network"],
  ["10.1.2.3", "private"],
  ["100.64.0.1", "carrier-grade NAT"],
  ["127.0.0.1", "loopback"],
  ["127.255.255.254", "loopback"],
  ["169.254.169.254", "link-local (cloud metadata)"],
  ["172.16.0.1", "private"],
  ["172.31.255.255", "private"],
  ["192.0.0.8", "IETF protocol assignments"],
  ["192.0.2.1", "documentation"],
  ["192.168.1.1", "private"],
  ["198.18.0.1", "benchmarking"],
  ["198.51.100.7", "documentation"],
  ["203.0.113.9", "documentation"],
  ["224.0.0.1", "multicast"],
  ["240.0.0.1", "reserved"],
  ["255.255.255.255", "broadcast"],
  ["::", "unspecified"],
  ["::1", "loopback"],
  ["::ffff:127.0.0.1", "IPv4-mapped loopback"],
  ["::ffff:a00:1", "IPv4-mapped private, in hex"],
  ["64:ff9b::a00:1", "IPv4/IPv6 translation"],
  ["100::1", "discard"],
  ["fc00::1", "unique local"],
  ["fd12:3456::1", "unique local"],
  ["fe80::1", "link-local"],
  ["fec0::1", "site-local"],
  ["ff02::1", "multicast"],
  ["2001:db8::1", "documentation"],
];

describe("the address guard", () => {
  it.each(refusedRanges)("refuses %s (%s)", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(["93.184.216.34", "172.32.0.1", "8.8.8.8", "2606:4700::1111", "::ffff:8.8.8.8"])("allows %s", (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe("the guard at the connection", () => {
  let server: Server;
  let port = 0;
  let requests = 0;
  const limits: FetchLimits = {
    timeoutMs: limit(2_000),
    maxBytes: 1024,
    maxRedirects: 2,
    allowPrivate: false,
    userAgent: "guard-test",
  };
  /** A resolver that answers `addresses` for every name, counting its calls. */
  const answering = (...addresses: string[]) => {
    const resolver = {
      calls: 0,
      resolve: async () => {
        resolver.calls += 1;
        return addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
      },
    };
    return resolver;
  };

  beforeAll(async () => {
    server = createServer((_req, res) => {
      requests += 1;
      res.writeHead(200, { "Content-Type": "text/plain" }).end("reached");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it.each(refusedRanges)("refuses a name DNS answers with %s (%s), before any byte is sent", async (address) => {
    const before = requests;
    const dns = answering(address);
    await expect(requestBounded(`http://remote.example:${port}/`, { ...limits, resolve: dns.resolve })).rejects.toThrow(
      PrivateAddressError,
    );
    expect(dns.calls).toBe(1);
    expect(requests).toBe(before);
  });

  it("refuses a name whose answer points at loopback, where a server listens, and reaches it only when allowed", async () => {
    const before = requests;
    await expect(
      requestBounded(`http://peer.example:${port}/`, { ...limits, resolve: answering("127.0.0.1").resolve }),
    ).rejects.toThrow(/127\.0\.0\.1 is not a public address/);
    await expect(
      requestBounded(`http://peer.example:${port}/`, { ...limits, resolve: answering("8.8.8.8", "127.0.0.1").resolve }),
    ).rejects.toThrow(PrivateAddressError);
    expect(requests).toBe(before);
    // FEDERATION_ALLOW_PRIVATE: the same answer is the address connected to, and the server is reached.
    const dns = answering("127.0.0.1");
    const answer = await requestBounded(`http://peer.example:${port}/`, {
      ...limits,
      allowPrivate: true,
      resolve: dns.resolve,
    });
    expect(answer.bytes.toString()).toBe("reached");
    expect(requests).toBe(before + 1);
    // One lookup per connection, and it is the one checked: no second answer to rebind to.
    expect(dns.calls).toBe(1);
  });
});

describe("which requests ask for ActivityPub", () => {
  it.each([
    ["application/activity+json", true],
    ['application/ld+json; profile="https://www.w3.org/ns/activitystreams"', true],
    ["application/ld+json", false],
    ["text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", false],
    ["*/*", false],
    ["application/activity+json;q=0", false],
    [undefined, false],
  ])("%s → %s", (accept, expected) => {
    expect(wantsActivityPub(accept)).toBe(expected);
  });
});
