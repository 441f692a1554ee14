/**
 * The addresses no request of the site's own may reach (fetching an actor,
 * a key, a reply's origin, an avatar, a mentioning page; delivering an
 * activity or a webmention): private, loopback, link-local and every other
 * non-public range. A remote account or page could name one to make the
 * server reach inside its own network. The requests check them as they
 * connect (guarded-fetch.server.ts), on every address DNS answers.
 */
import { BlockList, isIP } from "node:net";

const blocked = new BlockList();
// IPv4: "this network", private, carrier-grade NAT, loopback, link-local, IETF protocol assignments,
// documentation, benchmarking, multicast and reserved, broadcast.
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  blocked.addSubnet(network, prefix, "ipv4");
// IPv6: unspecified, loopback, IPv4-mapped and translated (checked as IPv4 below too), discard, documentation,
// unique local, link-local, site-local, multicast.
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const)
  blocked.addSubnet(network, prefix, "ipv6");

/** The IPv4 address an IPv6 one carries (`::ffff:10.0.0.1`, `::ffff:a00:1`), if it is IPv4-mapped. */
function mappedIpv4(address: string): string | undefined {
  const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (dotted) return dotted[1];
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return undefined;
  const high = Number.parseInt(hex[1] ?? "0", 16);
  const low = Number.parseInt(hex[2] ?? "0", 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

/**
 * Whether an IP address is one the site may reach: public unicast.
 * @example isPublicAddress("10.1.2.3") // false
 * @example isPublicAddress("93.184.216.34") // true
 */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 4) return !blocked.check(address, "ipv4");
  const mapped = mappedIpv4(address.toLowerCase());
  if (mapped) return isPublicAddress(mapped);
  return !blocked.check(address, "ipv6");
}

export class PrivateAddressError extends Error {
  constructor(url: string, address: string) {
    super(`Refused to reach ${url}: ${address} is not a public address`);
    this.name = "PrivateAddressError";
  }
}
