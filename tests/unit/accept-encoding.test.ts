import { describe, expect, it } from "vitest";
import { type Encoding, preferredEncoding } from "../../http-server/accept-encoding.ts";

describe("preferredEncoding with brotli and gzip copies", () => {
  it.each([
    // No header, or nothing acceptable: the plain body.
    [undefined, "identity"],
    ["", "identity"],
    ["identity", "identity"],
    ["deflate", "identity"],
    ["br;q=0, gzip;q=0", "identity"],
    ["*;q=0", "identity"],
    // What browsers send: brotli wins over gzip.
    ["gzip, deflate, br", "br"],
    ["gzip, deflate, br, zstd", "br"],
    ["br, gzip", "br"],
    ["gzip;q=1, br;q=1", "br"],
    // q-values are honoured, and q=0 refuses.
    ["gzip", "gzip"],
    ["br", "br"],
    ["br;q=0.5, gzip", "gzip"],
    ["br;q=0.9, gzip;q=0.8", "br"],
    ["br;q=0, gzip", "gzip"],
    ["gzip;q=0, br", "br"],
    ["br;q=0, *", "gzip"],
    ["gzip;q=0.001", "gzip"],
    // `*` stands for every coding not named.
    ["*", "br"],
    ["gzip;q=0.5, *", "br"],
    ["br;q=0.2, *;q=0.5", "gzip"],
    // Spelling: case, spaces, the old gzip alias.
    ["GZIP", "gzip"],
    ["  gzip ;  q=0.5 ,  br ; q=0.4 ", "gzip"],
    ["BR;Q=0.7, x-gzip;q=0.8", "gzip"],
    ["x-gzip", "gzip"],
  ] as const)("%j -> %s", (header, expected) => {
    expect(preferredEncoding(header, ["br", "gzip"])).toBe(expected);
  });
});

describe("preferredEncoding with only some copies", () => {
  it.each([
    ["gzip, deflate, br", ["gzip"], "gzip"],
    ["gzip, deflate, br", ["br"], "br"],
    ["br", ["gzip"], "identity"],
    ["gzip", ["br"], "identity"],
    ["br;q=0.1, gzip", ["br"], "br"],
    ["gzip, br", [], "identity"],
  ] as const)("%j with %j -> %s", (header, available: readonly Encoding[], expected) => {
    expect(preferredEncoding(header, available)).toBe(expected);
  });
});
