/**
 * The 23 endpoint-discovery cases of webmention.rocks, written again for the
 * site's tests: each is a page (its headers and HTML, maybe a redirect to
 * it) and the endpoint a sender must find there, as a path on the server
 * that serves them (`serveDiscoveryCases`), which also records every
 * webmention posted to it. A wrong endpoint of a case lives under
 * `/wrong/…`, so a sender that picks it is caught.
 */
import { createServer, type Server } from "node:http";
import { receivedMention } from "./webmention-pages.ts";

export interface DiscoveryCase {
  n: number;
  /** What the case checks, in a sentence. */
  says: string;
  /** Response headers besides the content type: several of one name are sent as separate headers. */
  headers?: [string, string][];
  /** The page's HTML; `{page}` stands for the page's own absolute URL, `{origin}` for the server's. */
  html: string;
  /** The page answers with a redirect to `{path}/landed`, where the HTML is. */
  redirects?: boolean;
  /** The endpoint the sender must post to: a path (with its query) on the server. */
  endpoint: string;
}

const page = (head: string, body = "") =>
  `<!doctype html><html><head><meta charset="utf-8"><title>Case</title>${head}</head><body>${body}<p>A page to mention.</p></body></html>`;

export const discoveryCases: DiscoveryCase[] = [
  {
    n: 1,
    says: "a Link header, rel without quotes, relative address",
    headers: [["Link", "</test/1/webmention>; rel=webmention"]],
    html: page(""),
    endpoint: "/test/1/webmention",
  },
  {
    n: 2,
    says: "a Link header, rel without quotes, absolute address",
    headers: [["Link", "<{origin}/test/2/webmention>; rel=webmention"]],
    html: page(""),
    endpoint: "/test/2/webmention",
  },
  {
    n: 3,
    says: "a <link> element in the head, relative address",
    html: page('<link rel="webmention" href="/test/3/webmention">'),
    endpoint: "/test/3/webmention",
  },
  {
    n: 4,
    says: "a <link> element in the head, absolute address",
    html: page('<link rel="webmention" href="{origin}/test/4/webmention">'),
    endpoint: "/test/4/webmention",
  },
  {
    n: 5,
    says: "an <a> element in the body, relative address",
    html: page("", '<a rel="webmention" href="/test/5/webmention">endpoint</a>'),
    endpoint: "/test/5/webmention",
  },
  {
    n: 6,
    says: "an <a> element in the body, absolute address",
    html: page("", '<a rel="webmention" href="{origin}/test/6/webmention">endpoint</a>'),
    endpoint: "/test/6/webmention",
  },
  {
    n: 7,
    says: "the Link header's name in odd letter case (LinK)",
    headers: [["LinK", "<{origin}/test/7/webmention>; rel=webmention"]],
    html: page(""),
    endpoint: "/test/7/webmention",
  },
  {
    n: 8,
    says: "a Link header whose rel is quoted",
    headers: [["Link", '<{origin}/test/8/webmention>; rel="webmention"']],
    html: page(""),
    endpoint: "/test/8/webmention",
  },
  {
    n: 9,
    says: "a <link> whose rel lists webmention among other values",
    html: page('<link rel="webmention somethingelse" href="/test/9/webmention">'),
    endpoint: "/test/9/webmention",
  },
  {
    n: 10,
    says: "a Link header whose quoted rel lists webmention among other values",
    headers: [["Link", '<{origin}/test/10/webmention>; rel="webmention somethingelse"']],
    html: page(""),
    endpoint: "/test/10/webmention",
  },
  {
    n: 11,
    says: "an endpoint in the Link header, a <link> and an <a>: the header wins",
    headers: [["Link", "<{origin}/test/11/webmention>; rel=webmention"]],
    html: page('<link rel="webmention" href="/wrong/11/link">', '<a rel="webmention" href="/wrong/11/a">endpoint</a>'),
    endpoint: "/test/11/webmention",
  },
  {
    n: 12,
    says: "rel must name webmention exactly: a not-webmention <link> comes first",
    html: page(
      '<link rel="not-webmention" href="/wrong/12/near-miss"><link rel="webmention" href="/test/12/webmention">',
    ),
    endpoint: "/test/12/webmention",
  },
  {
    n: 13,
    says: "an endpoint inside an HTML comment is no endpoint",
    html: page(
      '<!-- <link rel="webmention" href="/wrong/13/commented"> -->',
      '<!--\n<a rel="webmention" href="/wrong/13/commented-a">x</a>\n--><a rel="webmention" href="/test/13/webmention">endpoint</a>',
    ),
    endpoint: "/test/13/webmention",
  },
  {
    n: 14,
    says: "an endpoint written as escaped HTML in the text is no endpoint",
    html: page(
      "",
      '<pre>&lt;a rel="webmention" href="/wrong/14/escaped"&gt;x&lt;/a&gt;</pre><a rel="webmention" href="/test/14/webmention">endpoint</a>',
    ),
    endpoint: "/test/14/webmention",
  },
  {
    n: 15,
    says: "an empty href: the page itself is the endpoint",
    html: page('<link rel="webmention" href="">'),
    endpoint: "/test/15",
  },
  {
    n: 16,
    says: "an <a> before a <link>: the first in document order wins",
    html: page(
      "",
      '<a rel="webmention" href="/test/16/webmention">first</a><link rel="webmention" href="/wrong/16/link">',
    ),
    endpoint: "/test/16/webmention",
  },
  {
    n: 17,
    says: "a <link> before an <a>: the first in document order wins",
    html: page(
      '<link rel="webmention" href="/test/17/webmention">',
      '<a rel="webmention" href="/wrong/17/a">second</a>',
    ),
    endpoint: "/test/17/webmention",
  },
  {
    n: 18,
    says: "two Link headers, the first for another rel",
    headers: [
      ["Link", '<{origin}/wrong/18/other>; rel="other"'],
      ["Link", '<{origin}/test/18/webmention>; rel="webmention"'],
    ],
    html: page(""),
    endpoint: "/test/18/webmention",
  },
  {
    n: 19,
    says: "one Link header with two values, the second the endpoint",
    headers: [["Link", '<{origin}/wrong/19/other>; rel="other", <{origin}/test/19/webmention>; rel="webmention"']],
    html: page(""),
    endpoint: "/test/19/webmention",
  },
  {
    n: 20,
    says: "a <link rel=webmention> without href is skipped for the <a> after it",
    html: page('<link rel="webmention">', '<a rel="webmention" href="/test/20/webmention">endpoint</a>'),
    endpoint: "/test/20/webmention",
  },
  {
    n: 21,
    says: "the endpoint's query string is kept when posting",
    html: page('<link rel="webmention" href="/test/21/webmention?query=yes&amp;second=2">'),
    endpoint: "/test/21/webmention?query=yes&second=2",
  },
  {
    n: 22,
    says: "an address relative to the page's path (no leading slash)",
    html: page('<link rel="webmention" href="22/webmention">'),
    endpoint: "/test/22/webmention",
  },
  {
    n: 23,
    says: "the page redirects, and its relative endpoint is resolved against where it landed",
    redirects: true,
    html: page('<link rel="webmention" href="webmention-here">'),
    endpoint: "/test/23/webmention-here",
  },
];

export interface DiscoveryServer {
  origin: string;
  /** The case's page, as a sender is given it. */
  pageOf(n: number): string;
  /** Every webmention posted: the path with its query, and the form's fields. */
  received: { path: string; source: string; target: string }[];
  close(): Promise<void>;
}

const fill = (text: string, origin: string, pageUrl: string) =>
  text.replaceAll("{origin}", origin).replaceAll("{page}", pageUrl);

/** Serves every case on 127.0.0.1 at a free port. */
export async function serveDiscoveryCases(): Promise<DiscoveryServer> {
  const received: DiscoveryServer["received"] = [];
  let origin = "";
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", origin);
    if (req.method === "POST") {
      void receivedMention(req).then((mention) => {
        received.push({ path: url.pathname + url.search, ...mention });
        res.writeHead(url.pathname.startsWith("/wrong/") ? 400 : 202, { "Content-Type": "text/plain" }).end("ok");
      });
      return;
    }
    const match = /^\/test\/(\d+)(\/landed)?$/.exec(url.pathname);
    const found = discoveryCases.find((item) => item.n === Number(match?.[1]));
    if (!match || !found) {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("not found");
      return;
    }
    if (found.redirects && !match[2]) {
      res.writeHead(302, { Location: `/test/${found.n}/landed` }).end();
      return;
    }
    const pageUrl = `${origin}${url.pathname}`;
    const headers: string[] = ["Content-Type", "text/html; charset=utf-8"];
    for (const [name, value] of found.headers ?? []) headers.push(name, fill(value, origin, pageUrl));
    res.writeHead(200, headers);
    res.end(fill(found.html, origin, pageUrl));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  return {
    origin,
    pageOf: (n) => `${origin}/test/${n}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
