/**
 * The audience's counts, gathered in memory as requests are answered and
 * added to the rollups once a second (`analytics_counts`), in one statement
 * per batch, by every server on the same database: a batch is all in or all
 * out, so a server killed mid-batch loses at most its last second of counts.
 *
 * A visitor is a hash of the day's secret salt (`analytics_salts`, made by
 * the first server that needs it, deleted 48 hours after its day began), the
 * client's address and its user agent; the day's hashes are kept in
 * `analytics_visitors` so each is counted once per day whichever server saw
 * it, and deleted with the salt. The address and the user agent never leave
 * this process's memory, and leave it within a second (while the database
 * cannot be reached, within the minute after which a refused batch is
 * dropped): they are hashed as a batch is added, once per visitor of the
 * batch however many pages the visitor opened in that second, and a hash
 * this server has already added is not sent again that day. Under load most
 * views are a visitor seen moments before, so a view costs a few map updates.
 */
import { createHash, randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { type Database, type Queryable, rowsOf } from "../db/client.server.ts";
import { logError } from "../log.server.ts";
import type { Counted } from "./classify.server.ts";
import { addDays, siteDay, siteDayStart } from "./days.server.ts";

/** How often a server adds what it counted to the database. */
export const FLUSH_INTERVAL_MS = 1000;
/** Distinct referrer hosts and broken paths one server keeps per day; the rest are counted under OTHER. */
export const DISTINCT_PER_DAY = 500;
/** The key of the sources and broken paths over the day's limit. */
export const OTHER = "~other";
/** How often the salts and hashes of past days are looked for and deleted. */
const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;
/** Visitor hashes kept per row while the database cannot be reached, at most. */
const MAX_HASHES_PER_ROW = 100_000;
/** Visitors of a batch waiting to be hashed, at most (more only while the database cannot be reached): their views still count. */
const MAX_UNHASHED = 50_000;
/** Visitor hashes this server remembers having added (so as not to send them again), at most. */
const MAX_WRITTEN = 200_000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Flushes in a row the database may refuse before their batch is given up (a minute of them). */
const MAX_FAILED_FLUSHES = 60;
/** Requests carrying a session cookie held until their session is checked, at most. */
const MAX_SESSION_HELD = 10_000;
/**
 * Visitors hashed in one turn of the server's event loop: a busy second's flush is done in pieces, with the requests
 * that arrived meanwhile answered between them (on the embedded database the write itself is one more piece).
 */
const HASHED_PER_TURN = 50;

/** Lets the requests that arrived meanwhile be answered before the flush goes on. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

interface Batch {
  /** Page views per `day \t path \t lang \t device \t source` (source: `-` for within the site, else `+` and the source): one entry per view, four rows when added. */
  pages: Map<string, number>;
  /** Views per row: `kind \t day \t key \t lang` (feeds and broken links). */
  views: Map<string, number>;
  /** The pages (`path \t lang`) each visitor opened, per `day \n visitor`, until the batch is added and they are hashed. */
  unhashed: Map<string, Set<string>>;
  /** The visitor hashes seen per row (pages and the whole site). */
  visitors: Map<string, Set<number>>;
  /** A feed reader's latest subscriber count: `day \t feed \t reader` to its language and count. */
  readers: Map<string, { lang: string; subscribers: number }>;
}

const emptyBatch = (): Batch => ({
  pages: new Map(),
  views: new Map(),
  unhashed: new Map(),
  visitors: new Map(),
  readers: new Map(),
});
const rowKey = (kind: string, day: string, key: string, lang: string) => `${kind}\t${day}\t${key}\t${lang}`;
const addTo = <K>(map: Map<K, number>, key: K, views: number) => map.set(key, (map.get(key) ?? 0) + views);

/** A 48-bit number from the salt and what identifies a visitor that day: nothing to reverse or link across days. */
function visitorHash(salt: Buffer, input: string): number {
  return createHash("sha256").update(salt).update(input).digest().readUIntBE(0, 6);
}

export interface AudienceRecorderOptions {
  db: Database;
  now?: () => Date;
}

/** One server's counts on their way to the rollups. */
export class AudienceRecorder {
  readonly #db: Database;
  readonly #now: () => Date;
  #batch = emptyBatch();
  /** The site's day being counted, and when it begins and ends (epoch milliseconds). */
  #day = { day: "", from: 0, to: 0 };
  /** Views of requests with a session cookie: the author's are dropped once the session is checked. */
  #withSession: { session: string; counted: Counted; day: string }[] = [];
  #salts = new Map<string, Buffer>();
  /** The visitor hashes per row this server has added to the database: a visitor back a second later is not sent again. */
  #written = new Map<string, Set<number>>();
  #writtenCount = 0;
  #distinct = { day: "", sources: new Set<string>(), paths: new Set<string>(), readers: new Set<string>() };
  #timer: NodeJS.Timeout | undefined;
  #flushing: Promise<void> | undefined;
  #lastCleanup = 0;
  #failures = 0;

  constructor(options: AudienceRecorderOptions) {
    this.#db = options.db;
    this.#now = options.now ?? (() => new Date());
  }

  /** Counts an answered request (http-server/analytics.ts). Synchronous and in memory: a page waits for nothing. */
  record(counted: Counted): void {
    const day = this.#dayOf(this.#now());
    const { session } = counted.request;
    if (session !== null && counted.kind === "page") {
      if (this.#withSession.length < MAX_SESSION_HELD) this.#withSession.push({ session, counted, day });
      return;
    }
    this.#add(counted, day);
  }

  #add(counted: Counted, day: string) {
    const { request } = counted;
    const batch = this.#batch;
    if (counted.kind === "feed") {
      this.#view(rowKey("feed", day, request.path, request.lang));
      if (request.feed) {
        const reader = this.#bounded(day, "readers", `${request.path}\t${request.feed.reader}`);
        if (reader !== OTHER)
          batch.readers.set(`${day}\t${reader}`, { lang: request.lang, subscribers: request.feed.subscribers });
      }
      return;
    }
    if (counted.kind === "not-found") {
      this.#view(rowKey("not-found", day, this.#bounded(day, "paths", request.path), request.lang));
      return;
    }
    const source = request.source === null ? "-" : `+${this.#bounded(day, "sources", request.source)}`;
    addTo(batch.pages, `${day}\t${request.path}\t${request.lang}\t${request.device}\t${source}`, 1);
    if (request.visitor === null) return;
    const visitor = `${day}\n${request.visitor}`;
    let pages = batch.unhashed.get(visitor);
    if (!pages) {
      if (batch.unhashed.size >= MAX_UNHASHED) return;
      pages = new Set();
      batch.unhashed.set(visitor, pages);
    }
    pages.add(`${request.path}\t${request.lang}`);
  }

  /** The site's day at a moment, worked out once a day rather than for every view. */
  #dayOf(at: Date): string {
    const time = at.getTime();
    if (time < this.#day.from || time >= this.#day.to) {
      const day = siteDay(at);
      const from = siteDayStart(day);
      this.#day = { day, from, to: from + DAY_MS };
    }
    return this.#day.day;
  }

  #view(row: string, views = 1) {
    addTo(this.#batch.views, row, views);
  }

  #visitInto(batch: Batch, row: string, hash: number) {
    let hashes = batch.visitors.get(row);
    if (!hashes) {
      hashes = new Set();
      batch.visitors.set(row, hashes);
    }
    if (hashes.size < MAX_HASHES_PER_ROW) hashes.add(hash);
  }

  /** The key itself while the day has room for it, else OTHER: made-up referrers or paths cannot grow the tables. */
  #bounded(day: string, set: "sources" | "paths" | "readers", key: string): string {
    if (this.#distinct.day !== day) this.#distinct = { day, sources: new Set(), paths: new Set(), readers: new Set() };
    const seen = this.#distinct[set];
    if (seen.has(key)) return key;
    if (seen.size >= DISTINCT_PER_DAY) return OTHER;
    seen.add(key);
    return key;
  }

  /** Adds what was counted to the database: one statement for the counts and the visitors, one for feed readers. */
  flush(): Promise<void> {
    this.#flushing ??= this.#flushOnce().finally(() => {
      this.#flushing = undefined;
    });
    return this.#flushing;
  }

  async #flushOnce() {
    const today = siteDay(this.#now());
    if (this.#withSession.length > 0) await this.#dropTheAuthors();
    const batch = this.#batch;
    this.#batch = emptyBatch();
    try {
      await this.#hash(batch);
      await this.#write(batch);
      this.#remember(batch.visitors);
      this.#failures = 0;
    } catch (error) {
      // A database away for a while loses nothing; a batch it keeps refusing is dropped after a minute,
      // so one bad row cannot stop the counting for good.
      this.#failures += 1;
      if (this.#failures < MAX_FAILED_FLUSHES) this.#restore(batch);
      else this.#failures = 0;
      throw error;
    }
    if (this.#now().getTime() - this.#lastCleanup >= CLEANUP_INTERVAL_MS) await this.cleanup(today);
  }

  /** Views with a session cookie count unless the session is a valid one (the author). */
  async #dropTheAuthors() {
    const held = this.#withSession;
    this.#withSession = [];
    const sessions = [...new Set(held.map((entry) => entry.session))];
    const result = await this.#db.execute(sql`
      select id from sessions
      where id in (select jsonb_array_elements_text(${JSON.stringify(sessions)}::jsonb)) and expires_at > now()`);
    const authors = new Set(rowsOf<{ id: string }>(result).map((row) => row.id));
    for (const entry of held) if (!authors.has(entry.session)) this.#add(entry.counted, entry.day);
  }

  /** Turns the batch's visitors into the day's hashes, once per visitor, and notes them on their pages' rows and the site's. */
  async #hash(batch: Batch) {
    if (batch.unhashed.size === 0) return;
    const days = new Set<string>();
    for (const visitor of batch.unhashed.keys()) days.add(visitor.slice(0, 10));
    const salts = new Map<string, Buffer>();
    for (const day of days) salts.set(day, await this.#salt(day));
    const unhashed = batch.unhashed;
    batch.unhashed = new Map();
    let hashed = 0;
    for (const [visitor, pages] of unhashed) {
      hashed += 1;
      if (hashed % HASHED_PER_TURN === 0) await nextTurn();
      const day = visitor.slice(0, 10);
      const salt = salts.get(day);
      if (!salt) continue;
      const hash = visitorHash(salt, visitor.slice(11));
      for (const page of pages) {
        const [path = "", lang = ""] = page.split("\t");
        this.#visitInto(batch, rowKey("page", day, path, lang), hash);
      }
      this.#visitInto(batch, rowKey("site", day, "", ""), hash);
    }
  }

  /** The day's salt: this server's copy, or the database's, made there by the first server to ask. */
  async #salt(day: string): Promise<Buffer> {
    const known = this.#salts.get(day);
    if (known) return known;
    await this.#db.execute(sql`
      insert into analytics_salts (day, salt) values (${day}, ${randomBytes(32).toString("base64")})
      on conflict (day) do nothing`);
    const result = await this.#db.execute(sql`select salt from analytics_salts where day = ${day}`);
    const salt = Buffer.from(rowsOf<{ salt: string }>(result)[0]?.salt ?? "", "base64");
    if (salt.length !== 32) throw new Error(`The audience's salt of ${day} could not be read`);
    this.#salts.set(day, salt);
    return salt;
  }

  /**
   * One statement for the counts and the visitors, one for feed readers; both in one transaction when a
   * batch has both, so a batch refused halfway is not counted twice when it is retried. The statement is
   * sent on a turn of its own: on the embedded database it runs in the server's thread.
   */
  async #write(batch: Batch) {
    if (batch.readers.size === 0) return this.#writeTo(this.#db, batch);
    await this.#db.transaction((tx) => this.#writeTo(tx, batch));
  }

  async #writeTo(db: Queryable, batch: Batch) {
    const rows = new Map(batch.views);
    for (const [entry, views] of batch.pages) {
      const [day = "", path = "", lang = "", device = "", source = "-"] = entry.split("\t");
      addTo(rows, rowKey("page", day, path, lang), views);
      addTo(rows, rowKey("site", day, "", ""), views);
      addTo(rows, rowKey("device", day, device, lang), views);
      if (source !== "-") addTo(rows, rowKey("source", day, source.slice(1), lang), views);
    }
    if (rows.size > 0) {
      const counts = [...rows]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([row, views]) => {
          const [kind, day, key, lang] = row.split("\t");
          return { kind, day, key, lang, views };
        });
      const visitors: { kind: string; day: string; key: string; lang: string; hash: number }[] = [];
      for (const [row, hashes] of batch.visitors) {
        const [kind = "", day = "", key = "", lang = ""] = row.split("\t");
        const written = this.#written.get(row);
        for (const hash of hashes) if (!written?.has(hash)) visitors.push({ kind, day, key, lang, hash });
      }
      // The hashes new to the database are the visitors to add: another server's same visitor is counted once. Most
      // seconds of a busy day bring none, and their statement leaves that part out (1.1 -> 0.75 ms embedded).
      const fresh =
        visitors.length === 0
          ? undefined
          : sql`
        with fresh as (
          insert into analytics_visitors (day, kind, key, lang, hash)
          select day, kind, key, lang, hash
          from jsonb_to_recordset(${JSON.stringify(visitors)}::jsonb)
            as v(kind text, day date, key text, lang text, hash bigint)
          order by day, kind, key, lang, hash
          on conflict do nothing
          returning kind, day, key, lang
        ), new_visitors as (
          select kind, day, key, lang, count(*)::int as visitors from fresh group by kind, day, key, lang
        )`;
      await nextTurn();
      await db.execute(sql`
        ${fresh ?? sql``}
        insert into analytics_counts (kind, day, key, lang, views, visitors)
        select c.kind, c.day, c.key, c.lang, c.views, ${fresh ? sql`coalesce(n.visitors, 0)` : sql`0`}
        from jsonb_to_recordset(${JSON.stringify(counts)}::jsonb)
          as c(kind text, day date, key text, lang text, views int)
        ${fresh ? sql`left join new_visitors n using (kind, day, key, lang)` : sql``}
        order by c.kind, c.day, c.key, c.lang
        on conflict (kind, day, key, lang) do update
          set views = analytics_counts.views + excluded.views,
              visitors = analytics_counts.visitors + excluded.visitors`);
    }
    if (batch.readers.size > 0) {
      const readers = [...batch.readers]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([row, value]) => {
          const [day, feed, reader] = row.split("\t");
          return { day, feed, reader, lang: value.lang, subscribers: value.subscribers };
        });
      await db.execute(sql`
        insert into analytics_feed_readers (day, feed, lang, reader, subscribers)
        select day, feed, lang, reader, subscribers
        from jsonb_to_recordset(${JSON.stringify(readers)}::jsonb)
          as r(day date, feed text, lang text, reader text, subscribers int)
        on conflict (day, feed, reader) do update set subscribers = excluded.subscribers`);
    }
  }

  /** Notes the hashes now in the database; forgets them all when there are too many, or with their day (`cleanup`). */
  #remember(visitors: Map<string, Set<number>>) {
    for (const [row, hashes] of visitors) {
      let written = this.#written.get(row);
      if (!written) {
        written = new Set();
        this.#written.set(row, written);
      }
      for (const hash of hashes) {
        if (this.#writtenCount >= MAX_WRITTEN) {
          this.#written.clear();
          this.#writtenCount = 0;
          return;
        }
        if (!written.has(hash)) {
          written.add(hash);
          this.#writtenCount += 1;
        }
      }
    }
  }

  /** A batch the database refused goes back into the next one (nothing is counted twice: its write is atomic). */
  #restore(batch: Batch) {
    const next = this.#batch;
    for (const [entry, views] of batch.pages) addTo(next.pages, entry, views);
    for (const [row, views] of batch.views) this.#view(row, views);
    for (const [visitor, pages] of batch.unhashed) {
      const known = next.unhashed.get(visitor);
      if (known) for (const page of pages) known.add(page);
      else if (next.unhashed.size < MAX_UNHASHED) next.unhashed.set(visitor, pages);
    }
    for (const [row, hashes] of batch.visitors) for (const hash of hashes) this.#visitInto(next, row, hash);
    for (const [row, value] of batch.readers) if (!this.#batch.readers.has(row)) this.#batch.readers.set(row, value);
  }

  /** Deletes the salts and visitor hashes of days before yesterday: a hash can no longer be linked to anyone. */
  async cleanup(today = siteDay(this.#now())): Promise<void> {
    this.#lastCleanup = this.#now().getTime();
    const keepFrom = addDays(today, -1);
    await this.#db.execute(sql`delete from analytics_salts where day < ${keepFrom}`);
    await this.#db.execute(sql`delete from analytics_visitors where day < ${keepFrom}`);
    // The embedded database has no autovacuum: without fresh statistics the year's report is planned for a
    // few hundred rows and sorts on disk (decision 046). Once an hour per server is cheap, and harmless twice.
    await this.#db.execute(sql`analyze analytics_counts, analytics_months`);
    for (const day of this.#salts.keys()) if (day < keepFrom) this.#salts.delete(day);
    for (const [row, hashes] of this.#written)
      if ((row.split("\t")[1] ?? "") < keepFrom) {
        this.#written.delete(row);
        this.#writtenCount -= hashes.size;
      }
  }

  /** Flushes once a second until `stop`. */
  start(): this {
    this.#timer ??= setInterval(() => {
      this.flush().catch((error: unknown) => logError("Adding the audience's counts failed:", error, "audience_error"));
    }, FLUSH_INTERVAL_MS);
    this.#timer.unref();
    return this;
  }

  /** Stops the timer and adds what is left. */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.flush().catch((error: unknown) =>
      logError("Adding the audience's last counts failed:", error, "audience_error"),
    );
  }
}
