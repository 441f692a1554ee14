/**
 * Webmention endpoint discovery: the 23 cases of webmention.rocks (written
 * again in tests/helpers/webmention-discovery.ts), each served by a server
 * on loopback and sent to as the queue sends, and the parsing beneath it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FetchLimits } from "../../app/server/net/guarded-fetch.server.ts";
import { discoverEndpoint, parseLinkHeader } from "../../app/server/webmention/discover.server.ts";
import { decodeEntities, startTags } from "../../app/server/webmention/html-tags.server.ts";
import { sendWebmention } from "../../app/server/webmention/send.server.ts";
import { type DiscoveryServer, discoveryCases, serveDiscoveryCases } from "../helpers/webmention-discovery.ts";

const limits: FetchLimits = {
  timeoutMs: 5_000,
  maxBytes: 1024 * 1024,
  maxRedirects: 5,
  allowPrivate: true,
  userAgent: "webmention-test",
};

describe("the discovery cases, sent over HTTP on loopback", () => {
  let server: DiscoveryServer;
  beforeAll(async () => {
    server = await serveDiscoveryCases();
  });
  afterAll(() => server.close());

  it("are 23, numbered in order", () => {
    expect(discoveryCases.map((item) => item.n)).toEqual(Array.from({ length: 23 }, (_, index) => index + 1));
  });

  for (const item of discoveryCases) {
    it(`case ${item.n}: ${item.says}`, async () => {
      const source = "https://site.example/blog/a-post";
      const target = server.pageOf(item.n);
      const before = server.received.length;
      const outcome = await sendWebmention(source, target, limits);
      expect(outcome).toEqual({ kind: "sent", endpoint: `${server.origin}${item.endpoint}`, status: 202 });
      expect(server.received.slice(before)).toEqual([{ path: item.endpoint, source, target }]);
    });
  }

  it("finds no endpoint on a page that advertises none, and posts nothing", async () => {
    const before = server.received.length;
    const outcome = await sendWebmention("https://site.example/blog/a", `${server.origin}/nothing-here`, limits);
    expect(outcome).toEqual({ kind: "no-endpoint", status: 404 });
    expect(server.received.length).toBe(before);
  });

  it("refuses a loopback page without the switch for tests, before any request", async () => {
    const before = server.received.length;
    const outcome = await sendWebmention("https://site.example/blog/a", server.pageOf(1), {
      ...limits,
      allowPrivate: false,
    });
    expect(outcome.kind).toBe("refused");
    expect(server.received.length).toBe(before);
  });
});

describe("discovery without the network", () => {
  it("reads each case's endpoint from its headers and HTML alone (case 23 at the page it landed on)", () => {
    const origin = "https://pages.example";
    for (const item of discoveryCases) {
      const pageUrl = `${origin}/test/${item.n}${item.redirects ? "/landed" : ""}`;
      const fill = (text: string) => text.replaceAll("{origin}", origin).replaceAll("{page}", pageUrl);
      const links = (item.headers ?? []).filter(([name]) => name.toLowerCase() === "link").map(([, v]) => fill(v));
      expect(discoverEndpoint(pageUrl, links, fill(item.html)), `case ${item.n}`).toBe(`${origin}${item.endpoint}`);
    }
  });

  it("prefers the header to the HTML, and skips rels it does not name exactly", () => {
    expect(discoverEndpoint("https://a.example/p", ['<https://a.example/h>; rel="nowebmention"'], "")).toBeUndefined();
    expect(
      discoverEndpoint(
        "https://a.example/p",
        ["<https://a.example/h>; rel=webmention"],
        '<a rel="webmention" href="/x">',
      ),
    ).toBe("https://a.example/h");
    expect(discoverEndpoint("https://a.example/p", [], '<a rel="WebMention" href="/x">')).toBe("https://a.example/x");
  });

  it("takes no endpoint that is not http(s)", () => {
    expect(
      discoverEndpoint("https://a.example/p", [], '<a rel="webmention" href="javascript:alert(1)">'),
    ).toBeUndefined();
    expect(
      discoverEndpoint(
        "https://a.example/p",
        [],
        '<a rel="webmention" href="mailto:a@b"><a rel="webmention" href="/ok">',
      ),
    ).toBe("https://a.example/ok");
  });

  it("parses Link headers with several values, parameters and quoted commas", () => {
    const values = parseLinkHeader('<https://a/x,y>; title="a, b"; rel="other", </wm>;rel=webmention');
    expect(values.map((value) => [value.uri, value.params.get("rel")])).toEqual([
      ["https://a/x,y", "other"],
      ["/wm", "webmention"],
    ]);
    expect(parseLinkHeader("garbage; rel=webmention")).toEqual([]);
    expect(parseLinkHeader("<unterminated; rel=webmention")).toEqual([]);
  });
});

describe("the HTML tokenizer", () => {
  const hrefs = (html: string) => [...startTags(html)].map((tag) => tag.attributes.get("href"));

  it("skips comments, scripts, styles, titles and text areas", () => {
    expect(
      hrefs(
        '<!-- <a href="1"> --><script>"<a href=2>"</script><style>a{}</style><title><a href="3"></title><textarea><a href=4></textarea><a href="5">',
      ).filter(Boolean),
    ).toEqual(["5"]);
  });

  it("reads quoted, unquoted and valueless attributes, a `>` inside quotes, and undoes references", () => {
    const [tag] = [...startTags(`<A HREF='/a?b=1&amp;c=2' data-x="1 > 0" rel=webmention hidden>`)];
    expect(tag?.name).toBe("a");
    expect(tag?.attributes.get("href")).toBe("/a?b=1&c=2");
    expect(tag?.attributes.get("data-x")).toBe("1 > 0");
    expect(tag?.attributes.get("rel")).toBe("webmention");
    expect(tag?.attributes.get("hidden")).toBe("");
  });

  it("ends without an error on cut or odd markup", () => {
    for (const html of ["<a href=", "<!-- never closed", "<script>no end", "< a>", "<<<>>>", "<a\u0000b>", ""]) {
      expect(() => [...startTags(html)]).not.toThrow();
    }
  });

  it("undoes numeric and named references, and leaves unknown ones", () => {
    expect(decodeEntities("&#60;&#x3e;&amp;&quot;&unknown;&#0;")).toBe('<>&"&unknown;\ufffd');
  });
});
