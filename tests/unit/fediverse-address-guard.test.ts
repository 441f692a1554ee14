import { describe, expect, it } from "vitest";
import { assertPublicUrl, isPublicAddress } from "../../app/server/fediverse/address-guard.server.ts";
import { wantsActivityPub } from "../../http-server/federation.ts";

describe("the fediverse's address guard", () => {
  it.each([
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
    ["224.0.0.1", "multicast"],
    ["255.255.255.255", "broadcast"],
    ["::", "unspecified"],
    ["::1", "loopback"],
    ["::ffff:127.0.0.1", "IPv4-mapped loopback"],
    ["::ffff:a00:1", "IPv4-mapped private, in hex"],
    ["fc00::1", "unique local"],
    ["fd12:3456::1", "unique local"],
    ["fe80::1", "link-local"],
    ["ff02::1", "multicast"],
    ["2001:db8::1", "documentation"],
  ])("refuses %s (%s)", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(["93.184.216.34", "172.32.0.1", "8.8.8.8", "2606:4700::1111", "::ffff:8.8.8.8"])("allows %s", (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it("checks every address DNS answers, and refuses a name that resolves inside", async () => {
    const resolve = (answers: string[]) => async () => answers;
    await expect(assertPublicUrl("https://good.example/inbox", { resolve: resolve(["93.184.216.34"]) })).resolves.toBe(
      undefined,
    );
    await expect(
      assertPublicUrl("https://rebind.example/inbox", { resolve: resolve(["93.184.216.34", "10.0.0.5"]) }),
    ).rejects.toThrow(/10\.0\.0\.5 is not a public address/);
    await expect(assertPublicUrl("https://v6.example/", { resolve: resolve(["fe80::1"]) })).rejects.toThrow(/fe80::1/);
    await expect(assertPublicUrl("https://nothing.example/", { resolve: resolve([]) })).rejects.toThrow(/no address/);
  });

  it("refuses literal addresses, localhost and other schemes without asking DNS", async () => {
    const resolve = async (): Promise<string[]> => {
      throw new Error("DNS asked");
    };
    await expect(assertPublicUrl("http://127.0.0.1:8080/", { resolve })).rejects.toThrow(/not a public address/);
    await expect(assertPublicUrl("http://[::1]/", { resolve })).rejects.toThrow(/not a public address/);
    await expect(assertPublicUrl("http://localhost/", { resolve })).rejects.toThrow(/not a public address/);
    await expect(assertPublicUrl("http://a.localhost/", { resolve })).rejects.toThrow(/not a public address/);
    await expect(assertPublicUrl("file:///etc/passwd", { resolve })).rejects.toThrow(/file:/);
    await expect(assertPublicUrl("http://93.184.216.34/", { resolve })).resolves.toBe(undefined);
  });

  it("lets loopback through only when told to (FEDERATION_ALLOW_PRIVATE)", async () => {
    await expect(assertPublicUrl("http://127.0.0.1:5420/inbox", { allowPrivate: true })).resolves.toBe(undefined);
    await expect(assertPublicUrl("ftp://127.0.0.1/", { allowPrivate: true })).rejects.toThrow();
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
