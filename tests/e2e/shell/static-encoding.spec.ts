import { decodedBody, rawRequest } from "../../helpers/raw-http.ts";
import { expect, test } from "../fixtures.ts";

// The built server's static files, over plain HTTP so the encoded bytes are
// seen as sent (browsers and Playwright's client decode them silently).

const BROWSER = { "accept-encoding": "gzip, deflate, br" };

/** A fingerprinted script the home page loads or preloads. */
async function someAsset(origin: string): Promise<string> {
  const html = decodedBody(await rawRequest(`${origin}/`)).toString();
  const src = /(?:src|href)="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(src, "the home page loads a script from /assets").toBeDefined();
  return src ?? "";
}

test("pages, assets and files decode to the same bytes in brotli, gzip and identity", async ({ baseURL }) => {
  const origin = baseURL ?? "";
  const asset = await someAsset(origin);
  for (const [path, type] of [
    ["/about", "text/html; charset=utf-8"],
    ["/en/projects/site-da-fam%C3%ADlia-werneck", "text/html; charset=utf-8"],
    [asset, "text/javascript; charset=utf-8"],
    ["/favicon.svg", "image/svg+xml"],
  ] as const) {
    const br = await rawRequest(`${origin}${path}`, BROWSER);
    const gzip = await rawRequest(`${origin}${path}`, { "accept-encoding": "gzip" });
    const identity = await rawRequest(`${origin}${path}`);
    expect([br.headers["content-encoding"], gzip.headers["content-encoding"]], path).toEqual(["br", "gzip"]);
    expect(identity.headers["content-encoding"], path).toBeUndefined();
    for (const reply of [br, gzip, identity]) {
      expect(reply.status, path).toBe(200);
      expect(reply.headers["content-type"], path).toBe(type);
      expect(reply.headers.vary, path).toBe("Accept-Encoding");
      expect(reply.headers["content-length"], path).toBe(String(reply.body.length));
      expect(reply.headers["x-content-type-options"], path).toBe("nosniff");
      expect(decodedBody(reply).equals(identity.body), path).toBe(true);
    }
    expect(br.body.length, path).toBeLessThan(identity.body.length);
  }
});

test("prerendered pages keep their own CSP in every encoding", async ({ baseURL }) => {
  const policies = await Promise.all(
    [BROWSER, { "accept-encoding": "gzip" }, {}].map(async (headers) => {
      const reply = await rawRequest(`${baseURL}/about`, headers);
      return reply.headers["content-security-policy"] ?? "";
    }),
  );
  expect(policies[0]).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
  expect(new Set(policies).size).toBe(1);
});

test("revalidation answers 304, HEAD has no body, assets stay immutable", async ({ baseURL }) => {
  const origin = baseURL ?? "";
  const page = await rawRequest(`${origin}/about`, BROWSER);
  expect(page.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
  const etag = page.headers.etag ?? "";
  expect(etag).not.toBe("");
  const again = await rawRequest(`${origin}/about`, { ...BROWSER, "if-none-match": etag });
  expect(again.status).toBe(304);
  expect(again.body.length).toBe(0);

  const asset = await someAsset(origin);
  const get = await rawRequest(`${origin}${asset}`, BROWSER);
  const head = await rawRequest(`${origin}${asset}`, BROWSER, "HEAD");
  expect(head.status).toBe(200);
  expect(head.body.length).toBe(0);
  expect(head.headers["content-length"]).toBe(get.headers["content-length"]);
  expect(head.headers["content-encoding"]).toBe("br");
  expect(get.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
});

test("rendered responses are still compressed, once", async ({ baseURL }) => {
  const reply = await rawRequest(`${baseURL}/nope`, { "accept-encoding": "gzip" });
  expect(reply.status).toBe(404);
  expect(reply.headers["content-encoding"]).toBe("gzip");
  expect(decodedBody(reply).toString()).toMatch(/^<!DOCTYPE html>/i);
});
