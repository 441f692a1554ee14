/**
 * Full-text search over the public blog of one language: the posts published
 * in the admin and the static articles, ranked together, each hit with a
 * snippet of its text where the words matched. PostgreSQL does the work, the
 * same on PGlite and on a server (decision 017): accents and case are
 * ignored, words are reduced to their stem in the language they are written
 * in, titles and tags weigh more than excerpts, excerpts more than bodies.
 *
 * The index is the table `search_documents` (migration 0003): the database
 * keeps the rows of posts in step with `blogs` by a trigger, so a draft never
 * has one; the rows of the static articles are written here, once per server
 * process, before its first search.
 */
import { and, isNotNull, notInArray, type SQL, sql } from "drizzle-orm";
import { articleTagNamesFor } from "~/content/article-tags.ts";
import { staticArticles } from "~/content/articles.ts";
import { tr } from "~/content/localized.ts";
import { type Lang, languages } from "~/i18n/paths.ts";
import { parseSearchQuery, SNIPPET_MARK_END, SNIPPET_MARK_START, snippetHtml } from "~/lib/search-query.ts";
import type { Database } from "../db/client.server.ts";
import { searchDocuments } from "../db/schema.ts";
import { type TagNames, tagNamesFor } from "./tags.server.ts";

export interface SearchHit {
  /** The last segment of the post's URL (`/blog/{slug}`). */
  slug: string;
  title: string;
  /** First publication, ISO 8601. */
  publishedAt: string;
  tags: string[];
  /** The names of those tags that have one (tags.server.ts). */
  tagNames?: TagNames;
  /**
   * Where the query matched, as HTML: the excerpt when every word matched
   * there, otherwise the (at most two) paragraphs of the body that match best,
   * otherwise the excerpt or the body's opening. Text escaped; the matches in
   * `<mark>`, the only markup.
   */
  snippetHtml: string;
  /** PostgreSQL's `ts_rank`: higher is more relevant. */
  rank: number;
}

export interface SearchResult {
  /**
   * "empty": nothing to search for; "too-long": the query is over
   * SEARCH_QUERY_MAX_LENGTH characters; "ok": searched (maybe without hits).
   */
  status: "empty" | "too-long" | "ok";
  /** The query as it was searched, to show back to the visitor. */
  query: string;
  /** How many documents matched; `hits` holds the first `limit` of them, most relevant first. */
  total: number;
  hits: SearchHit[];
}

export interface SearchOptions {
  /** Most hits returned (default 20). */
  limit?: number;
}

const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 100;

// ts_headline's options; the markers are private-use characters (see snippetHtml).
const MARKS = `StartSel=${SNIPPET_MARK_START}, StopSel=${SNIPPET_MARK_END}`;
/** A whole excerpt, every match marked. */
const WHOLE_TEXT = `${MARKS}, HighlightAll=true`;
/** The part of a paragraph around its matches. */
const PASSAGE = `${MARKS}, MaxWords=28, MinWords=14, ShortWord=3`;
/** The opening of a body that did not match (the title or a tag did). */
const OPENING = `${MARKS}, MaxWords=35, MinWords=25`;
/** How much of a body's start is read for its opening. */
const OPENING_CHARACTERS = 400;
/** Paragraphs of the body a snippet shows at most, the best matching ones, in the body's order. */
const PASSAGES_SHOWN = 2;
/** Between two passages of a snippet. A parameter, not SQL text: the server's bundle escapes it (decision 095). */
const PASSAGE_GAP = " … ";

/**
 * The query as one tsquery, each term in the language's configuration:
 * all of them required (`&`), or any of them (`|`, to pick the paragraphs a
 * snippet shows). A Portuguese term also matches its English stem, since
 * Portuguese posts use English words ("deploys" finds "deploy"). Terms that
 * are only stop words drop out; with none left the query is null and matches
 * nothing. Terms are bound parameters, and `plainto_tsquery` reads no
 * operator in them.
 */
function tsquery(lang: Lang, terms: readonly string[], join: "&" | "|"): SQL {
  const list = sql.join(
    terms.map((term) => sql`${term}`),
    sql`, `,
  );
  const withEnglish = lang === "pt";
  return sql`(
    select string_agg('(' || part::text || ')', ${` ${join} `})::tsquery
    from (
      select case when ${withEnglish} and numnode(own) > 0
        then own || plainto_tsquery('public.english_unaccent', term)
        else own end as part
      from unnest(array[${list}]::text[]) as term,
        lateral plainto_tsquery(search_config(${lang}), term) as own
    ) as parts
    where numnode(part) > 0
  )`;
}

interface HitRow {
  slug: string;
  title: string;
  tags: string[];
  published_at: string | Date;
  rank: number;
  total: number;
  snippet: string;
}

/** Rows of a raw query: node-postgres and PGlite both answer with `rows`. */
async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const staticArticlesWritten = new WeakMap<Database, Promise<void>>();

/**
 * Writes the static articles' rows of the index, in both languages, where
 * they differ from what is stored, and removes rows of articles that are
 * gone. Idempotent, and safe when several server processes share one
 * PostgreSQL.
 */
export async function writeStaticArticles(db: Database): Promise<void> {
  const rows = staticArticles.flatMap((article) =>
    languages.map((lang) => ({
      articleId: article.id,
      lang,
      slug: article.id,
      title: tr(article.title, lang),
      excerpt: tr(article.excerpt, lang),
      tags: [...article.tags],
      body: sql`search_plain_text(${tr(article.body, lang)})`,
      publishedAt: new Date(`${article.date}T12:00:00.000Z`),
    })),
  );
  const changed = ["slug", "title", "excerpt", "tags", "body", "published_at"];
  const stored = sql.raw(changed.map((column) => `search_documents.${column}`).join(", "));
  const proposed = sql.raw(changed.map((column) => `excluded.${column}`).join(", "));
  await db
    .insert(searchDocuments)
    .values(rows)
    .onConflictDoUpdate({
      target: [searchDocuments.articleId, searchDocuments.lang],
      set: Object.fromEntries(changed.map((column) => [column, sql.raw(`excluded.${column}`)])),
      setWhere: sql`(${stored}) is distinct from (${proposed})`,
    });
  await db.delete(searchDocuments).where(
    and(
      isNotNull(searchDocuments.articleId),
      notInArray(
        searchDocuments.articleId,
        staticArticles.map((article) => article.id),
      ),
    ),
  );
}

/** Writes the static articles once per database handle (a failed attempt is tried again next time). */
function staticArticlesReady(db: Database): Promise<void> {
  let ready = staticArticlesWritten.get(db);
  if (!ready) {
    ready = writeStaticArticles(db).catch((error: unknown) => {
      staticArticlesWritten.delete(db);
      throw error;
    });
    staticArticlesWritten.set(db, ready);
  }
  return ready;
}

/**
 * Searches the public posts and static articles of a language for what a
 * visitor typed. Never throws for anything typed: odd characters are dropped
 * or ignored, and a query over the limit comes back as "too-long".
 * Without a database (the build) there is nothing to search.
 * @example await searchPublicPosts(db, "pt", "programacao") // { status: "ok", total: 1, hits: [{ title: "Programação…", … }] }
 */
export async function searchPublicPosts(
  db: Database | undefined,
  lang: Lang,
  rawQuery: string | null | undefined,
  options: SearchOptions = {},
): Promise<SearchResult> {
  const parsed = parseSearchQuery(rawQuery);
  if (parsed.status !== "ok") return { status: parsed.status, query: parsed.text, total: 0, hits: [] };
  const result: SearchResult = { status: "ok", query: parsed.text, total: 0, hits: [] };
  if (!db || parsed.terms.length === 0) return result;
  const limit = Math.min(Math.max(1, Math.floor(options.limit ?? DEFAULT_LIMIT)), MAX_LIMIT);
  await staticArticlesReady(db);

  // Ranked and limited on the index alone first; texts are read and snippets made for the hits shown only.
  const rows = await rowsOf<HitRow>(
    db,
    sql`
      with q as (
        select ${tsquery(lang, parsed.terms, "&")} as query, ${tsquery(lang, parsed.terms, "|")} as any_term
      ),
      ranked as (
        select d.id, ts_rank(d.vector, (select query from q)) as rank, count(*) over () as total
        from search_documents d
        -- A scheduled post has its row already; it is found from its publication on. A post in the trash keeps its row, unfound.
        where d.lang = ${lang} and d.published_at <= now() and d.vector @@ (select query from q)
          and not exists (select 1 from blogs b where b.id = d.post_id and b.deleted_at is not null)
        order by rank desc, d.published_at desc, d.slug
        limit ${limit}
      )
      select d.slug, d.title, d.tags, d.published_at, r.rank, r.total::int as total,
        case
          when d.excerpt is not null and (ts_filter(d.vector, '{b}') @@ q.query or passages.snippet is null)
            then ts_headline(search_config(${lang}), translate(d.excerpt, ${SNIPPET_MARK_START + SNIPPET_MARK_END}, ''), q.query, ${WHOLE_TEXT})
          when passages.snippet is not null then passages.snippet
          else ts_headline(search_config(${lang}), left(d.body, ${OPENING_CHARACTERS}), q.query, ${OPENING})
        end as snippet
      from ranked r
        join search_documents d on d.id = r.id
        cross join q
        left join lateral (
          select string_agg(ts_headline(search_config(${lang}), best.passage, q.query, ${PASSAGE}), ${PASSAGE_GAP}::text order by best.n) as snippet
          from (
            select paragraph.passage, paragraph.n
            from unnest(search_passages(d.body), d.passage_vectors) with ordinality as paragraph(passage, vector, n)
            where paragraph.vector @@ q.any_term
            order by ts_rank(paragraph.vector, q.query) desc, paragraph.n
            limit ${PASSAGES_SHOWN}
          ) as best
        ) as passages on true
      order by r.rank desc, d.published_at desc, d.slug
    `,
  );
  result.total = rows[0]?.total ?? 0;
  const tags = rows.flatMap((row) => row.tags);
  // The static articles' names first; a name an author gave the tag wins.
  const names = { ...articleTagNamesFor(lang, tags), ...(await tagNamesFor(db, lang, tags)) };
  result.hits = rows.map((row) => {
    const tagNames = Object.fromEntries(row.tags.flatMap((tag) => (names[tag] ? [[tag, names[tag]]] : [])));
    return {
      slug: row.slug,
      title: row.title,
      publishedAt: new Date(row.published_at).toISOString(),
      tags: row.tags,
      ...(Object.keys(tagNames).length > 0 ? { tagNames } : {}),
      snippetHtml: snippetHtml(row.snippet),
      rank: Number(row.rank),
    };
  });
  return result;
}
