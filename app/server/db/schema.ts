/**
 * The one database schema, for PGlite and PostgreSQL alike. Column names are
 * snake_case in SQL (the spec's `blogs` columns keep their names) and
 * camelCase in TypeScript. Change it, then run `npm run db:generate` to add
 * a migration under `drizzle/`.
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => sql`now()`);

/** Authors who signed in with GitHub. GitHub's numeric id is the identity; the login can be renamed. */
export const users = pgTable("users", {
  id: uuid("id").primaryKey().defaultRandom(),
  githubId: bigint("github_id", { mode: "number" }).notNull().unique(),
  login: text("login").notNull(),
  name: text("name"),
  avatarUrl: text("avatar_url"),
  email: text("email"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Sign-in sessions. `id` is the SHA-256 of the cookie's token, so a database leak yields no usable session. */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("sessions_user_id_idx").on(table.userId), index("sessions_expires_at_idx").on(table.expiresAt)],
);

/**
 * Blog posts written in the admin; drafts until `published`. Each post is
 * written in one language and lives at `/blog/{slug}` (pt) or
 * `/en/blog/{slug}` (en), so a slug is unique per language. Posts that
 * translate each other share a `translation_group` (at most one per language).
 */
export const blogs = pgTable(
  "blogs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    content: text("content").notNull(),
    excerpt: text("excerpt"),
    coverImage: text("cover_image"),
    /** The cover described for readers who do not see it (its `alt`); null: decorative. */
    coverAlt: text("cover_alt"),
    /** A line shown under the cover on the article (credit, context); null: none. */
    coverCaption: text("cover_caption"),
    published: boolean("published").notNull().default(false),
    // No cascade: deleting an author must never silently delete their posts.
    authorId: uuid("author_id")
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    lang: text("lang").notNull().default("pt"),
    translationGroup: uuid("translation_group"),
    /** Slugs (`node-js`), in the post's language, in the author's order. */
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    /** The first time the post was published; kept when it is unpublished and published again. */
    publishedAt: timestamp("published_at", { withTimezone: true }),
    /** The last change to what readers see (text, tags, cover) after the post was first published. */
    editedAt: timestamp("edited_at", { withTimezone: true }),
    /** When the post was moved to the trash: gone from every public place, deleted for good 30 days later. */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    /** The description search engines show (`<meta name="description">`); the excerpt when empty. */
    seoDescription: text("seo_description"),
    /** The title and description of the link preview (Open Graph); the title and the description when empty. */
    socialTitle: text("social_title"),
    socialDescription: text("social_description"),
  },
  (table) => [
    index("blogs_author_created_idx").on(table.authorId, table.createdAt),
    uniqueIndex("blogs_lang_slug_unique").on(table.lang, table.slug),
    uniqueIndex("blogs_translation_lang_unique").on(table.translationGroup, table.lang),
    index("blogs_lang_published_idx").on(table.lang, table.published, table.publishedAt),
    index("blogs_deleted_idx").on(table.deletedAt),
    check("blogs_lang_check", sql`${table.lang} in ('pt', 'en')`),
  ],
);

/**
 * Earlier versions of a post: one row per manual save, publication, schedule
 * and restore, holding what readers see of it. Deleted with the post; the
 * newest 50 of each post are kept. `changed` names the fields that differ
 * from the revision before, and `lines_added`/`lines_removed` count the
 * content's changed lines, so the list needs no text to summarise.
 */
export const postRevisions = pgTable(
  "post_revisions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    postId: uuid("post_id")
      .notNull()
      .references(() => blogs.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    excerpt: text("excerpt"),
    content: text("content").notNull(),
    coverImage: text("cover_image"),
    coverAlt: text("cover_alt"),
    coverCaption: text("cover_caption"),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    lang: text("lang").notNull(),
    changed: text("changed").array().notNull().default(sql`'{}'::text[]`),
    linesAdded: integer("lines_added").notNull().default(0),
    linesRemoved: integer("lines_removed").notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    index("post_revisions_post_created_idx").on(table.postId, table.createdAt),
    // `update`: a published post's saved changes put live ("Atualizar publicação").
    check(
      "post_revisions_kind_check",
      sql`${table.kind} in ('save', 'publish', 'update', 'schedule', 'restore', 'autosave')`,
    ),
  ],
);

/**
 * Messages sent through the contact form. Stored before the visitor sees the
 * thanks; e-mailing them is a separate, retried step: `next_attempt_at` is
 * when the next send is due (null: nothing to send), `delivered_at` when it
 * went out.
 */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    message: text("message").notNull(),
    lang: text("lang").notNull(),
    createdAt: createdAt(),
    readAt: timestamp("read_at", { withTimezone: true }),
    // SHA-256 of the sender's IP with a server-side salt: enough to spot a flood, never the address itself.
    ipHash: text("ip_hash").notNull(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    deliveryAttempts: integer("delivery_attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    lastError: text("last_error"),
  },
  (table) => [
    index("contact_messages_created_idx").on(table.createdAt),
    index("contact_messages_next_attempt_idx").on(table.nextAttemptAt),
  ],
);

/** PostgreSQL's preprocessed document for full-text search, as its text form. */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * The blog's search index: one row per public document in one language, the
 * published posts and the static articles alike, so a search is one query
 * over one table. Drafts never have a row. Rows of posts are written by a
 * trigger on `blogs` (migration 0003) whenever a post changes; rows of static
 * articles by the server (`app/server/blog/search.server.ts`). `body` is the
 * text without Markdown syntax, paragraphs apart by a blank line; `vector` is
 * computed by the database from title and tags (weight A), excerpt (B) and
 * body (C), in the row's language with accents ignored
 * (`search_document_vector`, migration 0003).
 */
export const searchDocuments = pgTable(
  "search_documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The post this row indexes, or null for a static article. */
    postId: uuid("post_id")
      .unique()
      .references(() => blogs.id, { onDelete: "cascade" }),
    /** The static article this row indexes, or null for a post. */
    articleId: text("article_id"),
    lang: text("lang").notNull(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    excerpt: text("excerpt"),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    body: text("body").notNull(),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull(),
    vector: tsvector("vector")
      .notNull()
      .generatedAlwaysAs(sql`search_document_vector("lang", "title", "tags", "excerpt", "body")`),
    /** The body's paragraphs (`search_passages`), each preprocessed: a snippet is cut from the best ones only. */
    passageVectors: tsvector("passage_vectors")
      .array()
      .notNull()
      .generatedAlwaysAs(sql`search_passage_vectors("lang", "body")`),
  },
  (table) => [
    uniqueIndex("search_documents_article_lang_unique").on(table.articleId, table.lang),
    index("search_documents_vector_idx").using("gin", table.vector),
    check("search_documents_lang_check", sql`${table.lang} in ('pt', 'en')`),
    check("search_documents_source_check", sql`(${table.postId} is null) <> (${table.articleId} is null)`),
  ],
);

export type User = typeof users.$inferSelect;
export type Session = typeof sessions.$inferSelect;
export type Blog = typeof blogs.$inferSelect;
export type NewBlog = typeof blogs.$inferInsert;
export type ContactMessage = typeof contactMessages.$inferSelect;
export type PostRevision = typeof postRevisions.$inferSelect;
export type SearchDocument = typeof searchDocuments.$inferSelect;

/** PostgreSQL's byte strings, as bytes on both engines (node-postgres gives a Buffer, PGlite a Uint8Array). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => new Uint8Array(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * Uploaded and generated files when STORAGE_DRIVER is `postgres`
 * (`app/server/uploads/database-storage.server.ts`): every server sharing the
 * database sees the same objects. `key` is the storage key
 * (`blog-images/{userId}/{random}.webp`); `content_type` comes from its
 * extension; `size` is the byte length, so listing never reads the bytes.
 */
export const storedObjects = pgTable("stored_objects", {
  key: text("key").primaryKey(),
  data: bytea("data").notNull(),
  contentType: text("content_type").notNull(),
  size: integer("size").notNull(),
  modifiedAt: timestamp("modified_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Fixed-window rate-limit counters shared by every server on one PostgreSQL
 * (`app/server/auth/rate-limit.server.ts`): one row per limiter and client,
 * counted with one atomic upsert. Rows of windows long past are removed now
 * and then by the limiter itself.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull(),
  },
  (table) => [index("rate_limits_window_start_idx").on(table.windowStart)],
);

/**
 * Newsletter readers (`app/server/newsletter/`). One row per address
 * (lower-cased): `langs` are the languages chosen, the first one first;
 * `status` is `pending` until the confirmation's button is pressed, then
 * `confirmed`; `unsubscribed` and `suppressed` (the mail server refused the
 * address) are never mailed again unless the reader subscribes anew and
 * confirms. The confirmation link is an HMAC of the id and
 * `confirm_sent_at`, so a newer confirmation voids the older links and no
 * token is stored. Never the reader's IP address.
 */
export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull().unique(),
    langs: text("langs").array().notNull(),
    frequency: text("frequency").notNull(),
    status: text("status").notNull().default("pending"),
    /** The page the form was sent from (`/blog`, `/en/blog/some-post`, `/newsletter`). */
    source: text("source").notNull(),
    confirmSentAt: timestamp("confirm_sent_at", { withTimezone: true }).notNull(),
    /** When the reader pressed the confirmation's button: the consent. */
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    suppressedAt: timestamp("suppressed_at", { withTimezone: true }),
    suppressedReason: text("suppressed_reason"),
    createdAt: createdAt(),
  },
  (table) => [
    index("newsletter_subscribers_status_idx").on(table.status, table.frequency),
    check("newsletter_subscribers_frequency_check", sql`${table.frequency} in ('post', 'weekly')`),
    check(
      "newsletter_subscribers_status_check",
      sql`${table.status} in ('pending', 'confirmed', 'unsubscribed', 'suppressed')`,
    ),
    check(
      "newsletter_subscribers_langs_check",
      sql`cardinality(${table.langs}) between 1 and 2 and ${table.langs} <@ array['pt', 'en']::text[]`,
    ),
  ],
);

/**
 * Newsletter mails, one row per recipient and issue, so a mail is sent once
 * whatever happens to the servers: `issue` names what the mail is
 * (`confirm:{ms}`, `post:{translation group}`, `digest:{slot}`) and is unique
 * per subscriber. Claimed and sent like contact messages (a lease on
 * `next_attempt_at`); `delivered_at` when the server accepted it, `failed_at`
 * when it was given up (refused for good, withdrawn, or the reader left).
 * `post_id` and `lang` name the post actually sent.
 */
export const newsletterMails = pgTable(
  "newsletter_mails",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    subscriberId: uuid("subscriber_id")
      .notNull()
      .references(() => newsletterSubscribers.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    issue: text("issue").notNull(),
    postId: uuid("post_id").references(() => blogs.id, { onDelete: "set null" }),
    lang: text("lang").notNull(),
    createdAt: createdAt(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    failedAt: timestamp("failed_at", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    /** The first temporary refusal (4xx) of this mail: after 72 hours of them the address is suppressed. */
    deferredSince: timestamp("deferred_since", { withTimezone: true }),
    lastError: text("last_error"),
  },
  (table) => [
    uniqueIndex("newsletter_mails_subscriber_issue_unique").on(table.subscriberId, table.issue),
    index("newsletter_mails_next_attempt_idx").on(table.nextAttemptAt),
    index("newsletter_mails_post_idx").on(table.postId),
    check("newsletter_mails_kind_check", sql`${table.kind} in ('confirm', 'post', 'digest')`),
  ],
);

/**
 * Posts the newsletter has announced (their mails queued), so a post is
 * mailed once: unpublishing and publishing again, or editing, sends nothing.
 * Posts already public when the newsletter came are listed by its migration.
 * A post its author published (or scheduled) without mailing is listed
 * `skipped` from that moment: it is never mailed, nor in a digest.
 */
export const newsletterPosts = pgTable("newsletter_posts", {
  postId: uuid("post_id")
    .primaryKey()
    .references(() => blogs.id, { onDelete: "cascade" }),
  announcedAt: timestamp("announced_at", { withTimezone: true }).notNull().defaultNow(),
  /** The mails' issue: the one of a translation announced before, so a reader of both languages gets one. */
  issue: text("issue").notNull(),
  /** The author chose to publish it without mailing: no mail was queued, none ever will be. */
  skipped: boolean("skipped").notNull().default(false),
});

/** The newsletter's one row of settings: the weekly digest's day (0 = Sunday) and hour, in the site's time zone. */
export const newsletterSettings = pgTable(
  "newsletter_settings",
  {
    id: integer("id").primaryKey().default(1),
    digestWeekday: integer("digest_weekday").notNull().default(1),
    digestHour: integer("digest_hour").notNull().default(9),
    /** The last digest slot whose mails were queued, so one server queues each. */
    lastDigestSlot: timestamp("last_digest_slot", { withTimezone: true }),
  },
  (table) => [
    check("newsletter_settings_one_row", sql`${table.id} = 1`),
    check("newsletter_settings_weekday_check", sql`${table.digestWeekday} between 0 and 6`),
    check("newsletter_settings_hour_check", sql`${table.digestHour} between 0 and 23`),
  ],
);

export type NewsletterSubscriber = typeof newsletterSubscribers.$inferSelect;
export type NewsletterMail = typeof newsletterMails.$inferSelect;

/**
 * The audience's counts (`app/server/analytics/`), kept as rollups: one row
 * per day (the site's time zone), kind and key, added to in batches by every
 * server. `kind` is `page` (key: the page's path), `site` (key empty: the
 * whole site), `source` (key: a referrer's host, `utm:{source}`, or empty for
 * none), `device` (`phone`, `tablet`, `desktop`), `not-found` (key: a path
 * that answered 404) or `feed` (key: the feed's path, fetches). `lang` is the
 * page's language. `visitors` counts the day's distinct visitor hashes of the
 * row; nothing that names a reader is kept.
 */
export const analyticsCounts = pgTable(
  "analytics_counts",
  {
    kind: text("kind").notNull(),
    day: date("day").notNull(),
    key: text("key").notNull(),
    lang: text("lang").notNull(),
    views: integer("views").notNull().default(0),
    visitors: integer("visitors").notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.kind, table.day, table.key, table.lang] }),
    check(
      "analytics_counts_kind_check",
      sql`${table.kind} in ('page', 'site', 'source', 'device', 'not-found', 'feed')`,
    ),
  ],
);

/**
 * The same counts a month at a time (`month` is its first day), kept by the
 * database itself: triggers on `analytics_counts` add every statement's
 * change to its months in the same transaction (migration 0009), so the
 * months always equal their days, whichever server wrote them. `views` is the
 * month's sum; `peak_visitors` the highest `visitors` of one of its days,
 * never a sum of days' visitors. The Audience page reads whole months here
 * and only the days of a range's partial months from the daily rows.
 */
export const analyticsMonths = pgTable(
  "analytics_months",
  {
    kind: text("kind").notNull(),
    month: date("month").notNull(),
    key: text("key").notNull(),
    lang: text("lang").notNull(),
    views: integer("views").notNull().default(0),
    peakVisitors: integer("peak_visitors").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.kind, table.month, table.key, table.lang] })],
);

/**
 * The visitor hashes of the last two days, so a visitor is counted once per
 * day and row whichever server saw them: a hash of the day's salt, the client
 * address and the user agent, never the address or the agent. Deleted with
 * their day's salt.
 */
export const analyticsVisitors = pgTable(
  "analytics_visitors",
  {
    day: date("day").notNull(),
    kind: text("kind").notNull(),
    key: text("key").notNull(),
    lang: text("lang").notNull(),
    hash: bigint("hash", { mode: "bigint" }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.kind, table.key, table.lang, table.hash] })],
);

/** The secret salt of each day's visitor hashes, deleted 48 hours after its day began. */
export const analyticsSalts = pgTable("analytics_salts", {
  day: date("day").primaryKey(),
  salt: text("salt").notNull(),
});

/**
 * RSS subscribers as feed readers report them in their user agent
 * ("Feedly/1.0 (…; 131 subscribers; …)"): the latest count per reader, feed
 * and day.
 */
export const analyticsFeedReaders = pgTable(
  "analytics_feed_readers",
  {
    day: date("day").notNull(),
    feed: text("feed").notNull(),
    lang: text("lang").notNull(),
    reader: text("reader").notNull(),
    subscribers: integer("subscribers").notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.feed, table.reader] })],
);

/**
 * Links that show a draft to someone who is not signed in
 * (`/blog/preview/{token}`): the token is random and only its SHA-256 is
 * kept; a link works for 7 days, until revoked, and always shows the post's
 * latest saved version. Deleted with the post.
 */
export const postShareLinks = pgTable(
  "post_share_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    postId: uuid("post_id")
      .notNull()
      .references(() => blogs.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (table) => [index("post_share_links_post_idx").on(table.postId)],
);

/**
 * A tag's name as the author typed it ("Programação Funcional"), per
 * language; posts keep the tag's slug (`programacao-funcional`), its
 * address. Tags that name the same thing in the two languages share a
 * `translation_group`, so translating a post can use the other language's
 * name. A slug without a row shows as itself.
 */
export const blogTags = pgTable(
  "blog_tags",
  {
    lang: text("lang").notNull(),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    translationGroup: uuid("translation_group"),
  },
  (table) => [
    primaryKey({ columns: [table.lang, table.slug] }),
    uniqueIndex("blog_tags_translation_lang_unique").on(table.translationGroup, table.lang),
    check("blog_tags_lang_check", sql`${table.lang} in ('pt', 'en')`),
  ],
);

export type PostShareLink = typeof postShareLinks.$inferSelect;
export type BlogTag = typeof blogTags.$inferSelect;

/**
 * Old addresses (`app/server/transfer/redirects.server.ts`): a path another
 * blog engine published a post at (`/2019/05/ola/`, `/?p=42`), a tag's page
 * at (`/tag/cafe/`) or its feed at (`/feed/`), kept by an import or added by
 * the author, answered with a 301 to the post, the tag's page or the feed
 * in its language. `path` is stored as the server sees it (decoded, without
 * a trailing slash, the query only for WordPress's `?p=`); `lang` is the
 * language of what it leads to; `source` says where it came from. A path a
 * page of the site answers is never stored. A post's is deleted with the
 * post; a tag's or the feed's (no post: `tag` names the tag, none the feed)
 * belongs to the author who imported it.
 */
export const postRedirects = pgTable(
  "post_redirects",
  {
    path: text("path").primaryKey(),
    postId: uuid("post_id").references(() => blogs.id, { onDelete: "cascade" }),
    /** The tag's slug in `lang`, for a tag's old page. */
    tag: text("tag"),
    /** Whose a tag's or the feed's old address is (a post's is its author's). */
    authorId: uuid("author_id").references(() => users.id, { onDelete: "cascade" }),
    lang: text("lang").notNull(),
    source: text("source").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index("post_redirects_post_idx").on(table.postId),
    index("post_redirects_author_idx").on(table.authorId),
    check("post_redirects_lang_check", sql`${table.lang} in ('pt', 'en')`),
    check(
      "post_redirects_source_check",
      sql`${table.source} in ('archive', 'ghost', 'wordpress', 'markdown', 'author')`,
    ),
    // A post's address, or a tag's or the feed's, which someone owns.
    check(
      "post_redirects_target_check",
      sql`(${table.postId} is not null and ${table.tag} is null and ${table.authorId} is null) or (${table.postId} is null and ${table.authorId} is not null)`,
    ),
  ],
);

export type PostRedirect = typeof postRedirects.$inferSelect;

/**
 * Webmentions sent (`app/server/webmention/`): the version of each public
 * post whose mentions were queued, so a post's links are mentioned once per
 * version on every server together. `version` is the post's last change
 * readers saw (`coalesce(edited_at, published_at)`); `source` its address
 * then. Deleted with the post.
 */
export const webmentionPosts = pgTable("webmention_posts", {
  postId: uuid("post_id")
    .primaryKey()
    .references(() => blogs.id, { onDelete: "cascade" }),
  version: timestamp("version", { withTimezone: true }).notNull(),
  source: text("source").notNull(),
  queuedAt: timestamp("queued_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One mention of an external page (`target`) by a post (`source`), sent
 * once per version of the post through the leased queue: claimed by moving
 * `next_attempt_at` a lease ahead, `sent_at` once the target's endpoint
 * accepted it, `failed_at` when given up (no endpoint, refused, or retries
 * spent). A link the post no longer has keeps its row and is mentioned
 * again on the next version, so the target can see it gone.
 */
export const webmentionSends = pgTable(
  "webmention_sends",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    postId: uuid("post_id")
      .notNull()
      .references(() => blogs.id, { onDelete: "cascade" }),
    source: text("source").notNull(),
    target: text("target").notNull(),
    createdAt: createdAt(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    failedAt: timestamp("failed_at", { withTimezone: true }),
    /** The endpoint discovered on the last try, and the status it answered. */
    endpoint: text("endpoint"),
    status: integer("status"),
    lastError: text("last_error"),
  },
  (table) => [
    uniqueIndex("webmention_sends_post_target_unique").on(table.postId, table.target),
    index("webmention_sends_next_attempt_idx").on(table.nextAttemptAt),
  ],
);

/**
 * Webmentions received, waiting for their verification (`source` fetched,
 * it must link to `target`, a post of this site): one row per source and
 * target, claimed through the leased queue. A verified mention is stored
 * among the post's responses for moderation; a mention sent again is
 * verified again (an edit, a removed link, a source gone).
 */
export const webmentionsReceived = pgTable(
  "webmentions_received",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    source: text("source").notNull(),
    target: text("target").notNull(),
    /** The post of the database the target names; null for a static article. */
    postId: uuid("post_id").references(() => blogs.id, { onDelete: "cascade" }),
    /** The static article the target names (`app/content/ids.ts`) and the language of its address. */
    articleId: text("article_id"),
    articleLang: text("article_lang"),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    /** What the last verification found: `linked`, `no-link`, `gone`, or a failure to fetch. */
    outcome: text("outcome"),
    lastError: text("last_error"),
  },
  (table) => [
    uniqueIndex("webmentions_received_source_target_unique").on(table.source, table.target),
    index("webmentions_received_next_attempt_idx").on(table.nextAttemptAt),
    index("webmentions_received_post_idx").on(table.postId),
    check(
      "webmentions_received_subject_check",
      sql`(${table.postId} is null) <> (${table.articleId} is null) and (${table.articleId} is null) = (${table.articleLang} is null)`,
    ),
  ],
);

export type WebmentionSend = typeof webmentionSends.$inferSelect;
export type WebmentionReceived = typeof webmentionsReceived.$inferSelect;

/**
 * The blog in the fediverse (decision 063). Remote accounts following one of
 * the site's two actors: `lang` is the actor's language (`pt` or `en`), and a
 * follower receives that language's posts only. `shared_inbox` (or `inbox`
 * when the instance has none) is where deliveries go, one per address.
 * `failing_since` is the first failed delivery to its inbox since the last
 * success: seven days of it drop the follower.
 */
export const fediverseFollowers = pgTable(
  "fediverse_followers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    lang: text("lang").notNull(),
    actorUrl: text("actor_url").notNull(),
    /** The account as `@name@host`, and its host (the instance). */
    handle: text("handle").notNull(),
    instance: text("instance").notNull(),
    name: text("name"),
    inbox: text("inbox").notNull(),
    sharedInbox: text("shared_inbox"),
    /** The Follow activity's id, answered by the Accept. */
    followId: text("follow_id"),
    failingSince: timestamp("failing_since", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("fediverse_followers_lang_actor_unique").on(table.lang, table.actorUrl),
    index("fediverse_followers_instance_idx").on(table.instance),
    check("fediverse_followers_lang_check", sql`${table.lang} in ('pt', 'en')`),
  ],
);

/**
 * What the fediverse was told of each post, so each change is sent once:
 * `state` published (a Create went out, `version` the post's `updated_at`
 * then) or deleted (a Delete went out: the post's address answers 410 with a
 * Tombstone while it is not public). No foreign key: a post deleted for good
 * keeps its row, its address still answers 410.
 */
export const fediversePosts = pgTable(
  "fediverse_posts",
  {
    postId: uuid("post_id").primaryKey(),
    lang: text("lang").notNull(),
    /** The Article's id: the post's address. */
    objectUrl: text("object_url").notNull(),
    state: text("state").notNull(),
    version: timestamp("version", { withTimezone: true }).notNull(),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("fediverse_posts_object_url_idx").on(table.objectUrl),
    check("fediverse_posts_state_check", sql`${table.state} in ('published', 'deleted')`),
  ],
);

/** Activities the site sent or sends (Create, Update, Delete of a post; Accept; an answer's Create), their JSON once. */
export const fediverseActivities = pgTable(
  "fediverse_activities",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    lang: text("lang").notNull(),
    type: text("type").notNull(),
    postId: uuid("post_id"),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("fediverse_activities_post_idx").on(table.postId)],
);

/**
 * One activity to one inbox (a shared inbox stands for all its followers),
 * sent once whatever happens to the servers: claimed with a lease on
 * `next_attempt_at` like the newsletter's mails, `delivered_at` once the
 * inbox answered 2xx, `failed_at` when it was given up.
 */
export const fediverseDeliveries = pgTable(
  "fediverse_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    activityId: uuid("activity_id")
      .notNull()
      .references(() => fediverseActivities.id, { onDelete: "cascade" }),
    inbox: text("inbox").notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    firstFailedAt: timestamp("first_failed_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    failedAt: timestamp("failed_at", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("fediverse_deliveries_activity_inbox_unique").on(table.activityId, table.inbox),
    index("fediverse_deliveries_next_attempt_idx").on(table.nextAttemptAt),
  ],
);

/**
 * Responses to posts, held for the author's moderation: replies, likes and
 * boosts from the fediverse, and webmentions. `source_url` is what the
 * response is (the reply's Note, the Like or Announce activity, the
 * mentioning page), unique per kind and post. `content_html` is stored
 * sanitized. An answer the author wrote is a reply with `local` set and
 * `answer_to` naming the reply it answers.
 */
export const responses = pgTable(
  "responses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    /** The post of the database it answers; null for a static article. */
    postId: uuid("post_id").references(() => blogs.id, { onDelete: "cascade" }),
    /**
     * The static article it answers (`app/content/ids.ts`) and the language of the Article it was addressed to:
     * each language's address is an object of its own, and shows its own responses.
     */
    articleId: text("article_id"),
    articleLang: text("article_lang"),
    sourceUrl: text("source_url").notNull(),
    /** The page a reply or mention links to the post from, when it differs from `source_url`. */
    sourcePage: text("source_page"),
    /** A webmention's target (the post's address it named). */
    targetUrl: text("target_url"),
    title: text("title"),
    authorName: text("author_name"),
    /** `@name@host` for a fediverse account. */
    authorHandle: text("author_handle"),
    authorUrl: text("author_url"),
    authorAvatar: text("author_avatar"),
    /**
     * The remote avatar as the site keeps it: fetched once by the server, re-encoded small, stored under a key
     * named by its bytes (`remote-avatars/{hash}.webp`), so no reader's browser ever asks the remote server.
     */
    avatarKey: text("avatar_key"),
    /** When `author_avatar` was fetched (stored or refused); null while it waits. */
    avatarCheckedAt: timestamp("avatar_checked_at", { withTimezone: true }),
    /** Fetches of `author_avatar` that failed, and when the next one is due (null: none, stored or given up). */
    avatarAttempts: integer("avatar_attempts").notNull().default(0),
    avatarRetryAt: timestamp("avatar_retry_at", { withTimezone: true }),
    /** The remote actor's id (fediverse), for blocks and for honouring its Update and Delete. */
    authorActor: text("author_actor"),
    /** The instance's host, for blocks. */
    instance: text("instance"),
    contentHtml: text("content_html"),
    status: text("status").notNull().default("pending"),
    local: boolean("local").notNull().default(false),
    answerTo: uuid("answer_to"),
    /** When the remote side published it. */
    publishedAt: timestamp("published_at", { withTimezone: true }),
    /** When a webmention's source was last checked to link to its target. */
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    /** When the author was mailed about it (one grouped mail an hour). */
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("responses_kind_source_post_unique").on(table.kind, table.sourceUrl, table.postId),
    uniqueIndex("responses_kind_source_article_unique").on(
      table.kind,
      table.sourceUrl,
      table.articleId,
      table.articleLang,
    ),
    index("responses_post_status_idx").on(table.postId, table.status),
    index("responses_article_status_idx").on(table.articleId, table.articleLang, table.status),
    index("responses_avatar_retry_idx").on(table.avatarRetryAt),
    index("responses_status_created_idx").on(table.status, table.createdAt),
    index("responses_instance_idx").on(table.instance),
    check("responses_kind_check", sql`${table.kind} in ('reply', 'like', 'announce', 'webmention')`),
    check("responses_status_check", sql`${table.status} in ('pending', 'approved', 'rejected')`),
    check(
      "responses_subject_check",
      sql`(${table.postId} is null) <> (${table.articleId} is null) and (${table.articleId} is null) = (${table.articleLang} is null)`,
    ),
  ],
);

/**
 * The author's answers withdrawn from the fediverse (the reply they answered deleted or rejected): the answer's
 * row is gone, its Note's address answers 410 with a Tombstone, and a `Delete` went to where its `Create` went.
 */
export const fediverseWithdrawnNotes = pgTable("fediverse_withdrawn_notes", {
  /** The answer's id, which named its Note (`/fediverse/notes/{id}`). */
  id: uuid("id").primaryKey(),
  lang: text("lang").notNull(),
  withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Accounts (an actor's id) and instances (a host) the author blocked: their requests get 403, their responses are gone. */
export const fediverseBlocks = pgTable(
  "fediverse_blocks",
  {
    kind: text("kind").notNull(),
    value: text("value").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.kind, table.value] }),
    check("fediverse_blocks_kind_check", sql`${table.kind} in ('account', 'instance')`),
  ],
);

/** Fedify's key-value store (its caches and idempotence): a JSON key, a JSON value, an optional expiry. */
export const fediverseKv = pgTable(
  "fediverse_kv",
  {
    key: text("key").primaryKey(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
  },
  (table) => [index("fediverse_kv_expires_idx").on(table.expiresAt)],
);

/** Each actor's key pairs (RSA for draft-cavage signatures, Ed25519 for proofs), made once, as JWKs. */
export const fediverseKeys = pgTable(
  "fediverse_keys",
  {
    lang: text("lang").notNull(),
    algorithm: text("algorithm").notNull(),
    privateJwk: text("private_jwk").notNull(),
    publicJwk: text("public_jwk").notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.lang, table.algorithm] })],
);

export type FediverseFollower = typeof fediverseFollowers.$inferSelect;
export type FediverseDelivery = typeof fediverseDeliveries.$inferSelect;
export type PostResponse = typeof responses.$inferSelect;
