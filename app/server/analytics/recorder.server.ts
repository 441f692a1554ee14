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
 * this process's memory, and leave it within a second.
 */
import { createHash, randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { type Database, rowsOf } from "../db/client.server.ts";
import { logError } from "../log.server.ts";
import type { Counted } from "./classify.server.ts";
import { addDays, siteDay } from "./days.server.ts";

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
/** Flushes in a row the database may refuse before their batch is given up (a minute of them). */
const MAX_FAILED_FLUSHES = 60;
/** Requests carrying a session cookie held until their session is checked, at most. */
const MAX_SESSION_HELD = 10_000;

interface Batch {
  /** Views per row: `kind \t day \t key \t lang`. */
  views: Map<string, number>;
  /** The visitor hashes seen per row (pages and the whole site). */
  visitors: Map<string, Set<number>>;
  /** A feed reader's latest subscriber count: `day \t feed \t reader` to its language and count. */
  readers: Map<string, { lang: string; subscribers: number }>;
}

const emptyBatch = (): Batch => ({ views: new Map(), visitors: new Map(), readers: new Map() });
const rowKey = (kind: string, day: string, key: string, lang: string) => `${kind}\t${day}\t${key}\t${lang}`;

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
  /** Views whose visitor waits for the day's salt (the first second of a day). */
  #unsalted: { day: string; rows: string[]; input: string }[] = [];
  /** Views of requests with a session cookie: the author's are dropped once the session is checked. */
  #withSession: { session: string; counted: Counted; day: string }[] = [];
  #salts = new Map<string, Buffer>();
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
    const day = siteDay(this.#now());
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
    const page = rowKey("page", day, request.path, request.lang);
    const site = rowKey("site", day, "", "");
    this.#view(page);
    this.#view(site);
    this.#view(rowKey("device", day, request.device, request.lang));
    if (request.source !== null)
      this.#view(rowKey("source", day, this.#bounded(day, "sources", request.source), request.lang));
    if (request.visitor === null) return;
    const salt = this.#salts.get(day);
    if (salt) this.#visit([page, site], visitorHash(salt, request.visitor));
    else this.#unsalted.push({ day, rows: [page, site], input: request.visitor });
  }

  #view(row: string, views = 1) {
    this.#batch.views.set(row, (this.#batch.views.get(row) ?? 0) + views);
  }

  #visit(rows: string[], hash: number) {
    for (const row of rows) {
      let hashes = this.#batch.visitors.get(row);
      if (!hashes) {
        hashes = new Set();
        this.#batch.visitors.set(row, hashes);
      }
      if (hashes.size < MAX_HASHES_PER_ROW) hashes.add(hash);
    }
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
    if (this.#unsalted.length > 0) {
      for (const day of new Set(this.#unsalted.map((entry) => entry.day))) await this.#salt(day);
      const unsalted = this.#unsalted;
      this.#unsalted = [];
      for (const { day, rows, input } of unsalted) this.#visit(rows, visitorHash(await this.#salt(day), input));
    }
    const batch = this.#batch;
    this.#batch = emptyBatch();
    try {
      await this.#write(batch);
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

  async #write(batch: Batch) {
    if (batch.views.size > 0) {
      const counts = [...batch.views]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([row, views]) => {
          const [kind, day, key, lang] = row.split("\t");
          return { kind, day, key, lang, views };
        });
      const visitors: { kind: string; day: string; key: string; lang: string; hash: number }[] = [];
      for (const [row, hashes] of batch.visitors) {
        const [kind = "", day = "", key = "", lang = ""] = row.split("\t");
        for (const hash of hashes) visitors.push({ kind, day, key, lang, hash });
      }
      // The hashes new to the database are the visitors to add: another server's same visitor is counted once.
      await this.#db.execute(sql`
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
        )
        insert into analytics_counts (kind, day, key, lang, views, visitors)
        select c.kind, c.day, c.key, c.lang, c.views, coalesce(n.visitors, 0)
        from jsonb_to_recordset(${JSON.stringify(counts)}::jsonb)
          as c(kind text, day date, key text, lang text, views int)
        left join new_visitors n using (kind, day, key, lang)
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
      await this.#db.execute(sql`
        insert into analytics_feed_readers (day, feed, lang, reader, subscribers)
        select day, feed, lang, reader, subscribers
        from jsonb_to_recordset(${JSON.stringify(readers)}::jsonb)
          as r(day date, feed text, lang text, reader text, subscribers int)
        on conflict (day, feed, reader) do update set subscribers = excluded.subscribers`);
    }
  }

  /** A batch the database refused goes back into the next one (nothing is counted twice: the statement is atomic). */
  #restore(batch: Batch) {
    for (const [row, views] of batch.views) this.#view(row, views);
    for (const [row, hashes] of batch.visitors) for (const hash of hashes) this.#visit([row], hash);
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
