import { afterEach, describe, expect, it, vi } from "vitest";
import {
  countOf,
  deviceOf,
  feedReaderOf,
  type RequestFacts,
  requestToCount,
  SecondMemo,
  sourceOf,
} from "../../app/server/analytics/classify.server.ts";

const CHROME_PHONE =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
const IPAD =
  "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
const ANDROID_TABLET =
  "Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const FEEDLY = "Feedly/1.0 (+http://www.feedly.com/fetcher.html; 131 subscribers; like FeedFetcher-Google)";

function facts(path: string, headers: Record<string, string> = {}, extra: Partial<RequestFacts> = {}): RequestFacts {
  const lower = Object.fromEntries(
    Object.entries({ "user-agent": FIREFOX, ...headers }).map(([k, v]) => [k.toLowerCase(), v]),
  );
  const query = path.indexOf("?");
  return {
    method: "GET",
    path: query === -1 ? path : path.slice(0, query),
    search: query === -1 ? "" : path.slice(query),
    header: (name) => lower[name.toLowerCase()],
    ip: () => "203.0.113.7",
    ownHosts: () => ["rafaelwerneck.dev"],
    ...extra,
  };
}

describe("which requests may count", () => {
  it("takes a browser's GET of a page, with its language, device, source and visitor", () => {
    const request = requestToCount(
      facts("/en/blog/bot-discord", { "user-agent": IPHONE, referer: "https://www.google.com/search?q=x" }),
    );
    expect(request).toMatchObject({
      path: "/en/blog/bot-discord",
      lang: "en",
      data: false,
      document: true,
      source: "google.com",
      device: "phone",
      session: null,
    });
    expect(request?.visitor).toBe(`203.0.113.7\n${IPHONE}`);
  });

  it("counts a client-side navigation's data request as a view of its page, from within the site", () => {
    const request = requestToCount(
      facts("/en/about.data", { referer: "https://rafaelwerneck.dev/en", "sec-fetch-dest": "empty" }),
    );
    expect(request).toMatchObject({ path: "/en/about", lang: "en", data: true, source: null });
    expect(requestToCount(facts("/_.data"))?.path).toBe("/");
  });

  it("leaves out bots, HEAD, prefetches and prerenders, assets, the admin, sign-in and mail links", () => {
    expect(requestToCount(facts("/blog", { "user-agent": GOOGLEBOT }))).toBeNull();
    expect(requestToCount(facts("/blog", { "user-agent": "curl/8.11.0" }))).toBeNull();
    expect(requestToCount(facts("/blog", {}, { method: "HEAD" }))).toBeNull();
    expect(requestToCount(facts("/blog", { "sec-purpose": "prefetch" }))).toBeNull();
    expect(requestToCount(facts("/blog", { "sec-purpose": "prefetch;prerender" }))).toBeNull();
    expect(requestToCount(facts("/blog", { purpose: "prefetch" }))).toBeNull();
    expect(requestToCount(facts("/assets/entry-abc.js"))).toBeNull();
    expect(requestToCount(facts("/favicon.ico"))).toBeNull();
    expect(requestToCount(facts("/admin/blog"))).toBeNull();
    expect(requestToCount(facts("/en/admin/audience"))).toBeNull();
    expect(requestToCount(facts("/admin/audience.csv"))).toBeNull();
    expect(requestToCount(facts("/auth/github/callback"))).toBeNull();
    expect(requestToCount(facts("/newsletter/confirm?token=x"))).toBeNull();
    expect(requestToCount(facts("/en/newsletter/unsubscribe"))).toBeNull();
    expect(requestToCount(facts("/newsletter"))).not.toBeNull();
  });

  it("leaves out what no browser sends: no user agent, a giant one, a page fetched as an image or a frame", () => {
    expect(requestToCount(facts("/blog", { "user-agent": "" }))).toBeNull();
    expect(requestToCount(facts("/blog", { "user-agent": `Mozilla/5.0 ${"x".repeat(2000)}` }))).toBeNull();
    expect(requestToCount(facts("/blog", { "sec-fetch-dest": "image" }))).toBeNull();
    expect(requestToCount(facts("/blog", { "sec-fetch-dest": "iframe" }))).toBeNull();
    expect(requestToCount(facts("/blog.data", { "sec-fetch-dest": "document" }))).toBeNull();
  });

  it("asks for the site's own hosts only when there is a referrer to compare with them", () => {
    let asked = 0;
    const counting = (headers: Record<string, string>) =>
      requestToCount({
        ...facts("/blog", headers),
        ownHosts: () => {
          asked += 1;
          return ["rafaelwerneck.dev"];
        },
      });
    expect(counting({})?.source).toBe("");
    expect(asked).toBe(0);
    expect(counting({ referer: "https://rafaelwerneck.dev/" })?.source).toBeNull();
    expect(asked).toBe(1);
  });

  it("counts a Global Privacy Control reader without a visitor", () => {
    expect(requestToCount(facts("/blog", { "sec-gpc": "1" }))).toMatchObject({ visitor: null, path: "/blog" });
  });

  it("keeps only the hash of a session cookie, so the author's visits can be left out", () => {
    const request = requestToCount(facts("/blog", { cookie: "theme=dark; session=abc" }));
    expect(request?.session).toMatch(/^[0-9a-f]{64}$/);
    expect(request?.session).not.toContain("abc");
    expect(requestToCount(facts("/blog", { cookie: "__Host-session=abc" }))?.session).toBe(request?.session);
  });

  it("cuts a long path and never keeps the query", () => {
    const request = requestToCount(facts(`/blog/${"a".repeat(500)}?q=secret`));
    expect(request?.path.length).toBe(200);
    expect(JSON.stringify(request)).not.toContain("secret");
  });

  it("takes a feed's fetch, with the subscribers its reader reports, bots included", () => {
    expect(requestToCount(facts("/rss.xml", { "user-agent": FEEDLY }))).toMatchObject({
      path: "/rss.xml",
      lang: "pt",
      feed: { reader: "Feedly", subscribers: 131 },
    });
    expect(requestToCount(facts("/en/rss.xml", { "user-agent": GOOGLEBOT }))).toMatchObject({ feed: null, lang: "en" });
  });
});

describe("what an answer counts as", () => {
  const page = requestToCount(facts("/blog/bot-discord"));
  const data = requestToCount(facts("/blog/bot-discord.data", { "sec-fetch-dest": "empty" }));
  const feed = requestToCount(facts("/rss.xml", { "user-agent": FEEDLY }));
  if (!page || !data || !feed) throw new Error("requests expected to count");

  it("a page that answered 200 with HTML, or 304", () => {
    expect(countOf(page, 200, "text/html; charset=utf-8")?.kind).toBe("page");
    expect(countOf(page, 304, undefined)?.kind).toBe("page");
    expect(countOf(page, 200, "application/json")).toBeNull();
    expect(countOf(page, 301, undefined)).toBeNull();
    expect(countOf(page, 429, "text/html")).toBeNull();
    expect(countOf(data, 200, "text/x-script")?.kind).toBe("page");
    expect(countOf(data, 200, "text/html")).toBeNull();
  });

  it("a document that answered 404 is a broken link; a data request's 404 is not", () => {
    expect(countOf(page, 404, "text/html")?.kind).toBe("not-found");
    expect(countOf(data, 404, "text/x-script")).toBeNull();
  });

  it("a feed fetched", () => {
    expect(countOf(feed, 200, "application/rss+xml")?.kind).toBe("feed");
    expect(countOf(feed, 500, "text/plain")).toBeNull();
  });
});

describe("the dimensions", () => {
  it("a device class from the user agent", () => {
    expect(deviceOf(CHROME_PHONE)).toBe("phone");
    expect(deviceOf(IPHONE)).toBe("phone");
    expect(deviceOf(IPAD)).toBe("tablet");
    expect(deviceOf(ANDROID_TABLET)).toBe("tablet");
    expect(deviceOf(FIREFOX)).toBe("desktop");
    expect(deviceOf(FIREFOX, "?1")).toBe("phone");
  });

  it("decides each request on its own headers, however often its user agent was seen that second", () => {
    const device = (headers: Record<string, string>) => requestToCount(facts("/blog", headers))?.device;
    expect(device({})).toBe("desktop");
    expect(device({ "sec-ch-ua-mobile": "?1" })).toBe("phone");
    expect(device({})).toBe("desktop");
    expect(device({ "user-agent": IPAD, "sec-ch-ua-mobile": "?1" })).toBe("tablet");
    expect(requestToCount(facts("/blog", { "user-agent": GOOGLEBOT }))).toBeNull();
    expect(requestToCount(facts("/blog", { "user-agent": GOOGLEBOT }))).toBeNull();
    // More agents in a second than are remembered: each is still decided.
    for (let n = 0; n < 1500; n += 1) {
      const agent = n % 2 === 0 ? `${FIREFOX} Build/${n}` : `Mozilla/5.0 (compatible; Crawler${n}bot/1.0)`;
      expect(requestToCount(facts("/blog", { "user-agent": agent }))?.device ?? "bot").toBe(
        n % 2 === 0 ? "desktop" : "bot",
      );
    }
  });

  it("a source: utm_source first, then the referrer's host, nothing forged kept raw", () => {
    const own = ["rafaelwerneck.dev"];
    expect(sourceOf("https://mastodon.social/@someone/1", null, own)).toBe("mastodon.social");
    expect(sourceOf("https://www.google.com.br/", "Newsletter", own)).toBe("utm:newsletter");
    expect(sourceOf(undefined, "<script>alert(1)</script>", own)).toBe("utm:-script-alert-1-script-");
    expect(sourceOf(undefined, null, own)).toBe("");
    expect(sourceOf("https://rafaelwerneck.dev/blog", null, own)).toBeNull();
    expect(sourceOf("not a url", null, own)).toBe("");
    expect(sourceOf("javascript:alert(1)", null, own)).toBe("");
    expect(sourceOf(`https://${"a".repeat(60)}.${"b".repeat(60)}.com/`, null, own)).toBe("");
    expect(sourceOf("https://ex%41mple.com/", null, own)).toBe("example.com");
  });

  it("a feed reader only when it reports subscribers", () => {
    expect(feedReaderOf(FEEDLY)).toEqual({ reader: "Feedly", subscribers: 131 });
    expect(feedReaderOf("Inoreader/1.0 (+http://www.inoreader.com/feed-fetcher; 12 subscribers; )")).toEqual({
      reader: "Inoreader",
      subscribers: 12,
    });
    expect(feedReaderOf("NewsBlur Feed Fetcher - 7 subscribers - http://www.newsblur.com")).toEqual({
      reader: "NewsBlur Feed Fetcher",
      subscribers: 7,
    });
    expect(feedReaderOf(FIREFOX)).toBeNull();
  });
});

describe("answers remembered for a second", () => {
  afterEach(() => vi.useRealTimers());

  it("works an answer out once per key and second, and again once the second or the room is over", () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 27, 12, 0, 0, 100), toFake: ["Date"] });
    const memo = new SecondMemo<string>(2);
    let worked = 0;
    const answer = (key: string) =>
      memo.get(key, (k) => {
        worked += 1;
        return `${k}:${worked}`;
      });
    expect(answer("a")).toBe("a:1");
    expect(answer("a")).toBe("a:1");
    expect(answer("b")).toBe("b:2");
    expect(worked).toBe(2);
    // Full: the next new key starts afresh, and what was held is worked out again.
    expect(answer("c")).toBe("c:3");
    expect(answer("a")).toBe("a:4");
    // The next second forgets everything.
    vi.setSystemTime(Date.UTC(2026, 10, 27, 12, 0, 1, 0));
    expect(answer("a")).toBe("a:5");
  });
});
