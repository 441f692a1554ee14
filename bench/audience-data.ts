/**
 * A year of the audience's rollups as a real site would have them, made up
 * deterministically from a seed: the rows `analytics_counts` would hold after
 * a given number of page views spread over the days, and the feed readers'
 * rows. The site's own public pages in both languages (`app/routing/pages.ts`)
 * and 120 posts per language (`/blog/{slug}`, `/en/blog/{slug}`, all of them
 * read all year: the most rows), their popularity Zipf-like; a day's traffic
 * grows over the year, dips at weekends, and now and then one post is shared
 * widely. Each view has a source (a few dozen referrer hosts, `utm:` sources,
 * none, or a link within the site, which is not counted as a source) and a
 * device; a row's visitors are 60–70 % of its views. Broken links and the
 * feeds' fetches and readers are counted beside them.
 *
 * `npm run bench:audience` inserts 10,000,000 views of it;
 * tests/server/audience-scale.test.ts a bounded one.
 */
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { languages, localizePath } from "../app/i18n/paths.ts";
import { publicPaths } from "../app/routing/pages.ts";
import { addDays } from "../app/server/analytics/days.server.ts";
import { type Database, rowsOf } from "../app/server/db/client.server.ts";
import { encodePath } from "./routes.ts";

export interface CountRow {
  kind: "page" | "site" | "source" | "device" | "not-found" | "feed";
  day: string;
  key: string;
  lang: string;
  views: number;
  visitors: number;
}

export interface ReaderRow {
  day: string;
  feed: string;
  lang: string;
  reader: string;
  subscribers: number;
}

export interface PostRow {
  lang: "pt" | "en";
  slug: string;
  title: string;
}

export interface AudienceYear {
  first: string;
  last: string;
  /** In day order, each day's rows together, as the servers add them. */
  counts: CountRow[];
  readers: ReaderRow[];
  /** The posts the page rows name, to be stored so the report can title them. */
  posts: PostRow[];
}

export interface AudienceYearOptions {
  /** Page views over the whole range (the site rows add up to exactly this). */
  views: number;
  /** Days of the range, the last one included. */
  days?: number;
  /** The range's last day, `YYYY-MM-DD` (the site's today). */
  last: string;
  seed?: number;
  postsPerLanguage?: number;
}

/**
 * A small, fast, seeded PRNG (mulberry32): numbers in [0, 1).
 * @example const next = seeded(1); next() // 0.6270739405881613
 */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * `total` split into whole parts in proportion to `weights`, adding up to
 * `total` exactly (the largest remainders get the units left over).
 * @example apportion(10, [1, 1, 1]) // [4, 3, 3]
 */
export function apportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact
    .map((value, index) => ({ index, rest: value - Math.floor(value) }))
    .sort((a, b) => b.rest - a.rest);
  for (let i = 0; left > 0; i = (i + 1) % order.length, left -= 1) {
    const index = order[i]?.index ?? 0;
    parts[index] = (parts[index] ?? 0) + 1;
  }
  return parts;
}

const WORDS = [
  "deploy",
  "docker",
  "react",
  "node",
  "postgres",
  "cache",
  "testes",
  "nuvem",
  "api",
  "filas",
  "bots",
  "seguranca",
  "desempenho",
  "indices",
  "migracao",
  "logs",
  "metricas",
  "sessao",
  "formularios",
  "automacao",
];

/** Referrer hosts and `utm:` sources, the most frequent first; "" is no referrer. */
const SOURCES = [
  "google.com",
  "",
  "linkedin.com",
  "github.com",
  "bing.com",
  "duckduckgo.com",
  "t.co",
  "news.ycombinator.com",
  "reddit.com",
  "dev.to",
  "utm:newsletter",
  "facebook.com",
  "instagram.com",
  "l.instagram.com",
  "lm.facebook.com",
  "yandex.ru",
  "search.brave.com",
  "ecosia.org",
  "utm:linkedin",
  "medium.com",
  "utm:twitter",
  "stackoverflow.com",
  "tabnews.com.br",
  "hashnode.com",
  "utm:github",
  "discord.com",
  "web.whatsapp.com",
  "chatgpt.com",
  "perplexity.ai",
  "mastodon.social",
  "bsky.app",
  "utm:discord",
  "lobste.rs",
  "feedly.com",
  "inoreader.com",
  "utm:rss",
  "baidu.com",
  "yahoo.com",
  "qwant.com",
  "utm:qr",
];

const DEVICES = [
  ["phone", 0.55],
  ["desktop", 0.41],
  ["tablet", 0.04],
] as const;

const FEED_READERS = ["Feedly", "Inoreader", "NewsBlur", "Feedbin", "The Old Reader", "Miniflux"];

/** What a reader mistypes or an old link names: paths that answer 404. */
function brokenPaths(next: () => number): string[] {
  const stems = ["blog", "projetos", "projects", "servicos", "sobre", "en/blog", "en/projects", "contato", "wp-admin"];
  return Array.from({ length: 300 }, (_, n) => {
    const stem = stems[n % stems.length] ?? "blog";
    const word = WORDS[Math.floor(next() * WORDS.length)] ?? "x";
    return `/${stem}/${word}-${n}`;
  });
}

/** The most read pages, in order; the rest are ranked at random. */
const TOP_PAGES = ["/", "/en", "/blog"];

const langOf = (path: string) => (path === "/en" || path.startsWith("/en/") ? "en" : "pt");

/**
 * The rows a year (or `days`) of `views` page views leaves in the rollups.
 * @example audienceYear({ views: 10_000_000, last: "2026-11-27" }).counts.length // about 150,000
 */
export function audienceYear(options: AudienceYearOptions): AudienceYear {
  const days = options.days ?? 365;
  const next = seeded(options.seed ?? 20261127);
  const between = (low: number, high: number) => low + (high - low) * next();
  const perLanguage = options.postsPerLanguage ?? 120;

  const posts: PostRow[] = languages.flatMap((lang) =>
    Array.from({ length: perLanguage }, (_, n) => {
      const a = WORDS[n % WORDS.length] ?? "a";
      const b = WORDS[(n * 7 + 3) % WORDS.length] ?? "b";
      return { lang, slug: `${a}-${b}-${n + 1}`, title: `${a} ${b} ${n + 1}` };
    }),
  );
  const paths = [
    ...languages.flatMap((lang) => publicPaths.map((path) => encodePath(localizePath(path, lang)))),
    ...posts.map((post) => localizePath(`/blog/${post.slug}`, post.lang)),
  ];
  // Popularity: the home page and the blog first, the rest in a seeded order; English read at two thirds of Portuguese.
  const ranked = paths.filter((path) => !TOP_PAGES.includes(path));
  for (let i = ranked.length - 1; i > 0; i -= 1) {
    const j = Math.floor(next() * (i + 1));
    [ranked[i], ranked[j]] = [ranked[j] as string, ranked[i] as string];
  }
  ranked.unshift(...TOP_PAGES);
  const popularity = ranked.map((path, rank) => (langOf(path) === "en" ? 0.67 : 1) / (rank + 1) ** 0.9);
  const postPaths = ranked.flatMap((path, index) => (/^(\/en)?\/blog\/[^/]+$/.test(path) ? [index] : []));
  const broken = brokenPaths(next);

  // A day's share of the year: growing, lower at weekends, noisy, and one day in fifty a post shared widely.
  const first = addDays(options.last, 1 - days);
  const dayList = Array.from({ length: days }, (_, i) => addDays(first, i));
  const spikes = new Map<number, number>();
  const dayWeights = dayList.map((day, i) => {
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    let weight = (0.7 + (0.6 * i) / days) * (weekday === 0 || weekday === 6 ? 0.6 : 1) * between(0.85, 1.15);
    if (next() < 0.02) {
      spikes.set(i, postPaths[Math.floor(next() * postPaths.length)] ?? 0);
      weight *= between(2, 4);
    }
    return weight;
  });
  const viewsPerDay = apportion(options.views, dayWeights);

  const counts: CountRow[] = [];
  const readers: ReaderRow[] = [];
  const subscribers = FEED_READERS.map(() => Math.floor(between(5, 120)));
  const visitorsOf = (views: number) => (views === 0 ? 0 : Math.max(1, Math.round(views * between(0.6, 0.7))));
  dayList.forEach((day, i) => {
    const total = viewsPerDay[i] ?? 0;
    const weights = popularity.map((p) => p * between(0.7, 1.3));
    const spiked = spikes.get(i);
    if (spiked !== undefined) weights[spiked] = weights.reduce((a, b) => a + b, 0) * 0.6;
    const pageViews = apportion(total, weights);
    const byLang = { pt: 0, en: 0 };
    ranked.forEach((path, index) => {
      const views = pageViews[index] ?? 0;
      if (views === 0) return;
      const lang = langOf(path);
      byLang[lang] += views;
      counts.push({ kind: "page", day, key: path, lang, views, visitors: visitorsOf(views) });
    });
    counts.push({ kind: "site", day, key: "", lang: "", views: total, visitors: visitorsOf(total) });
    for (const lang of languages) {
      // About a third of views follow a link within the site: no source.
      const external = Math.round(byLang[lang] * between(0.6, 0.7));
      const sourceViews = apportion(
        external,
        SOURCES.map((_, rank) => between(0.5, 1.5) / (rank + 1) ** 1.2),
      );
      SOURCES.forEach((key, index) => {
        const views = sourceViews[index] ?? 0;
        if (views > 0) counts.push({ kind: "source", day, key, lang, views, visitors: 0 });
      });
      const deviceViews = apportion(
        byLang[lang],
        DEVICES.map(([, share]) => share * between(0.9, 1.1)),
      );
      DEVICES.forEach(([key], index) => {
        const views = deviceViews[index] ?? 0;
        if (views > 0) counts.push({ kind: "device", day, key, lang, views, visitors: 0 });
      });
    }
    const brokenToday = new Map<string, number>();
    for (let n = Math.floor(between(5, 40)); n > 0; n -= 1) {
      const path = broken[Math.floor(broken.length * next() ** 2)] ?? "/x";
      brokenToday.set(path, (brokenToday.get(path) ?? 0) + Math.ceil(between(0, 12)));
    }
    for (const [key, views] of brokenToday)
      counts.push({ kind: "not-found", day, key, lang: langOf(key), views, visitors: 0 });
    for (const [feed, lang, low, high] of [
      ["/rss.xml", "pt", 150, 400],
      ["/en/rss.xml", "en", 80, 200],
    ] as const) {
      counts.push({ kind: "feed", day, key: feed, lang, views: Math.round(between(low, high)), visitors: 0 });
      FEED_READERS.forEach((reader, index) => {
        if (next() < 0.02) subscribers[index] = (subscribers[index] ?? 0) + 1;
        if (next() < 0.8)
          readers.push({
            day,
            feed,
            lang,
            reader,
            subscribers: Math.round((subscribers[index] ?? 0) * (lang === "en" ? 0.5 : 1)),
          });
      });
    }
  });
  return { first, last: options.last, counts, readers, posts };
}

/** Rows per statement: each statement one JSON document of them. */
const CHUNK = 5000;

/**
 * Stores a generated year: the rollups in day order, the last two days'
 * visitor hashes (one per visitor counted, as the servers keep them for 48
 * hours) and salts, the feed readers, and the posts (with an author) so the
 * report can title them. Works on either engine.
 */
export async function insertAudienceYear(db: Database, year: AudienceYear): Promise<void> {
  for (let start = 0; start < year.counts.length; start += CHUNK) {
    const chunk = JSON.stringify(year.counts.slice(start, start + CHUNK));
    await db.execute(sql`
      insert into analytics_counts (kind, day, key, lang, views, visitors)
      select kind, day, key, lang, views, visitors
      from jsonb_to_recordset(${chunk}::jsonb)
        as r(kind text, day date, key text, lang text, views int, visitors int)`);
  }
  for (let start = 0; start < year.readers.length; start += CHUNK) {
    const chunk = JSON.stringify(year.readers.slice(start, start + CHUNK));
    await db.execute(sql`
      insert into analytics_feed_readers (day, feed, lang, reader, subscribers)
      select day, feed, lang, reader, subscribers
      from jsonb_to_recordset(${chunk}::jsonb)
        as r(day date, feed text, lang text, reader text, subscribers int)`);
  }
  const yesterday = addDays(year.last, -1);
  // One distinct 48-bit hash per visitor of a row: n times an odd number, modulo 2^48, never repeats within a row.
  await db.execute(sql`
    insert into analytics_visitors (day, kind, key, lang, hash)
    select day, kind, key, lang, (n::bigint * 2654435761) % 281474976710656
    from analytics_counts, generate_series(1, visitors) as n
    where kind in ('page', 'site') and day >= ${yesterday}`);
  for (const day of [yesterday, year.last])
    await db.execute(sql`
      insert into analytics_salts (day, salt) values (${day}, ${randomBytes(32).toString("base64")})
      on conflict (day) do nothing`);
  await db.execute(sql`
    insert into users (github_id, login) values (4242, 'bench-audience')
    on conflict (github_id) do nothing`);
  const posts = JSON.stringify(year.posts);
  await db.execute(sql`
    insert into blogs (title, slug, content, published, published_at, lang, author_id)
    select p.title, p.slug, p.title, true, now() - interval '400 days', p.lang,
      (select id from users where github_id = 4242)
    from jsonb_to_recordset(${posts}::jsonb) as p(lang text, slug text, title text)
    on conflict do nothing`);
}

export const AUDIENCE_BUDGETS = {
  /** The five analytics tables with their indexes, after a year of 10,000,000 views. */
  rollupMiB: 50,
  /** The 365-day Audience page, its document and its data, one request at a time. */
  pageP95Ms: 150,
  /** What counting adds to a page's p99 under load: the median with it on minus the median with it off. */
  ingestP99Ms: 1,
} as const;

/** The tables the audience keeps. */
export const AUDIENCE_TABLES = [
  "analytics_counts",
  "analytics_months",
  "analytics_visitors",
  "analytics_salts",
  "analytics_feed_readers",
];

/**
 * The monthly rows that differ from their days' sums and peaks, either way
 * (none when the months are exact): `side` says which table holds the row.
 */
export async function monthsApartFromDays(db: Database) {
  return rowsOf<{ side: "days" | "months"; kind: string; month: string; key: string; lang: string; views: number }>(
    await db.execute(sql`
      with days as (
        select kind, date_trunc('month', day::timestamp)::date as month, key, lang,
          sum(views)::int as views, max(visitors)::int as peak
        from analytics_counts group by 1, 2, 3, 4
      ), months as (
        select kind, month, key, lang, views, peak_visitors as peak from analytics_months
      )
      select 'days' as side, kind, month::text as month, key, lang, views
      from (select * from days except select * from months) d
      union all
      select 'months', kind, month::text, key, lang, views
      from (select * from months except select * from days) m
      order by 3, 2, 4, 5, 1`),
  );
}

/** Rows and views per kind, and each analytics table's size with its indexes. */
export async function rollupFigures(db: Database) {
  const kinds = rowsOf<{ kind: string; rows: number; views: string }>(
    await db.execute(sql`
      select kind, count(*)::int as rows, sum(views)::bigint::text as views
      from analytics_counts group by kind order by kind`),
  );
  const tables = rowsOf<{ name: string; bytes: string }>(
    await db.execute(sql`
      select relname as name, pg_total_relation_size(oid)::bigint::text as bytes
      from pg_class
      where relkind = 'r' and relname in (${sql.join(
        AUDIENCE_TABLES.map((name) => sql`${name}`),
        sql`, `,
      )})
      order by relname`),
  ).map((row) => ({ name: row.name, bytes: Number(row.bytes) }));
  return {
    rows: Object.fromEntries(kinds.map((row) => [row.kind, Number(row.rows)])),
    viewsByKind: Object.fromEntries(kinds.map((row) => [row.kind, Number(row.views)])),
    tables,
    rollupBytes: tables.reduce((sum, table) => sum + table.bytes, 0),
  };
}
