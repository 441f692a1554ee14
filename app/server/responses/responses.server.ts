/**
 * Responses to posts, held for the author's moderation (decision 064):
 * replies, likes and boosts from the fediverse, and webmentions. Each is
 * stored once per kind, source and post (a second delivery updates it and
 * keeps its status), shown under its post only once approved; an instance
 * or account the author blocks loses its responses at once.
 */
import { and, desc, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { blogs, fediverseBlocks, fediverseFollowers, responses } from "../db/schema.ts";
import { avatarUrl } from "./avatars.server.ts";
import { type ResponseSubject, subjectColumns, subjectIs } from "./subject.server.ts";

export type { ResponseSubject } from "./subject.server.ts";

export const RESPONSE_KINDS = ["reply", "like", "announce", "webmention"] as const;
export type ResponseKind = (typeof RESPONSE_KINDS)[number];
export const RESPONSE_STATUSES = ["pending", "approved", "rejected"] as const;
export type ResponseStatus = (typeof RESPONSE_STATUSES)[number];

/** What a response answers: a post of the database by its id, or any subject (a static article in a language). */
type ResponseTarget = { postId: string; subject?: never } | { subject: ResponseSubject; postId?: never };

export type ResponseInput = ResponseTarget & ResponseFields;

interface ResponseFields {
  kind: ResponseKind;
  sourceUrl: string;
  sourcePage?: string | null;
  targetUrl?: string | null;
  title?: string | null;
  authorName?: string | null;
  authorHandle?: string | null;
  authorUrl?: string | null;
  authorAvatar?: string | null;
  authorActor?: string | null;
  instance?: string | null;
  /** Already sanitized (sanitize.server.ts). */
  contentHtml?: string | null;
  publishedAt?: Date | null;
  verifiedAt?: Date | null;
  /** Approved from the start: the author's own answers. */
  status?: ResponseStatus;
  local?: boolean;
  answerTo?: string | null;
}

/**
 * Stores a response, pending, or updates the one of the same kind, source
 * and post or static article (its status kept).
 * @returns its id, and whether it is new.
 */
export async function saveResponse(db: Database, input: ResponseInput): Promise<{ id: string; created: boolean }> {
  const subject: ResponseSubject = input.subject ?? { postId: input.postId };
  const values = {
    kind: input.kind,
    ...subjectColumns(subject),
    sourceUrl: input.sourceUrl,
    sourcePage: input.sourcePage ?? null,
    targetUrl: input.targetUrl ?? null,
    title: input.title ?? null,
    authorName: input.authorName ?? null,
    authorHandle: input.authorHandle ?? null,
    authorUrl: input.authorUrl ?? null,
    authorAvatar: input.authorAvatar ?? null,
    authorActor: input.authorActor ?? null,
    instance: input.instance ?? null,
    contentHtml: input.contentHtml ?? null,
    publishedAt: input.publishedAt ?? null,
    verifiedAt: input.verifiedAt ?? null,
    status: input.status ?? "pending",
    local: input.local ?? false,
    answerTo: input.answerTo ?? null,
  };
  const {
    status: _kept,
    kind: _kind,
    postId: _post,
    articleId: _article,
    articleLang: _lang,
    sourceUrl: _source,
    ...changes
  } = values;
  const [row] = await db
    .insert(responses)
    .values(values)
    .onConflictDoUpdate({
      target:
        "postId" in subject
          ? [responses.kind, responses.sourceUrl, responses.postId]
          : [responses.kind, responses.sourceUrl, responses.articleId, responses.articleLang],
      set: { ...changes, updatedAt: new Date() },
    })
    .returning({ id: responses.id, created: sql<boolean>`(xmax = 0)` });
  if (!row) throw new Error("The response was not stored");
  return { id: row.id, created: row.created };
}

/** A remote Update of a reply: its new text, if the account that wrote it sends it. */
export async function updateRemoteReply(
  db: Database,
  sourceUrl: string,
  authorActor: string,
  contentHtml: string,
): Promise<number> {
  const rows = await db
    .update(responses)
    .set({ contentHtml, updatedAt: new Date() })
    .where(and(eq(responses.sourceUrl, sourceUrl), eq(responses.authorActor, authorActor), eq(responses.kind, "reply")))
    .returning({ id: responses.id });
  return rows.length;
}

/** A remote Delete (or Undo) of a response, honoured only for the account that made it. */
export async function deleteRemoteResponse(db: Database, sourceUrl: string, authorActor: string): Promise<number> {
  const rows = await db
    .delete(responses)
    .where(and(eq(responses.sourceUrl, sourceUrl), eq(responses.authorActor, authorActor)))
    .returning({ id: responses.id });
  return rows.length;
}

/**
 * The author deletes a response for good, with their answers to it: nothing of it is kept (its avatar goes with the
 * next sweep once no response names it, avatars.server.ts).
 */
export async function deleteResponse(db: Database, id: string): Promise<number> {
  const rows = await db
    .delete(responses)
    .where(or(eq(responses.id, id), eq(responses.answerTo, id)))
    .returning({ id: responses.id });
  return rows.length;
}

/** Removes a response by its source (a webmention whose source is gone or no longer links). */
export async function deleteResponseBySource(
  db: Database,
  kind: ResponseKind,
  sourceUrl: string,
  subject: ResponseSubject,
) {
  await db
    .delete(responses)
    .where(and(eq(responses.kind, kind), eq(responses.sourceUrl, sourceUrl), subjectIs(responses, subject)));
}

export interface ListedResponse {
  id: string;
  kind: ResponseKind;
  status: ResponseStatus;
  /** The post of the database it answers, or the static article and the language of its address. */
  postId: string | null;
  articleId: string | null;
  articleLang: string | null;
  postTitle: string;
  postSlug: string;
  postLang: string;
  sourceUrl: string;
  title: string | null;
  authorName: string | null;
  authorHandle: string | null;
  authorUrl: string | null;
  authorAvatar: string | null;
  /** The avatar as the site keeps it (avatars.server.ts), once fetched. */
  avatarKey: string | null;
  authorActor: string | null;
  instance: string | null;
  contentHtml: string | null;
  local: boolean;
  answerTo: string | null;
  createdAt: Date;
}

/** What a listed response shows: the response and the post it answers. */
const listedColumns = {
  id: responses.id,
  kind: responses.kind,
  status: responses.status,
  postId: responses.postId,
  articleId: responses.articleId,
  articleLang: responses.articleLang,
  postTitle: blogs.title,
  postSlug: blogs.slug,
  postLang: blogs.lang,
  sourceUrl: responses.sourceUrl,
  title: responses.title,
  authorName: responses.authorName,
  authorHandle: responses.authorHandle,
  authorUrl: responses.authorUrl,
  authorAvatar: responses.authorAvatar,
  avatarKey: responses.avatarKey,
  authorActor: responses.authorActor,
  instance: responses.instance,
  contentHtml: responses.contentHtml,
  local: responses.local,
  answerTo: responses.answerTo,
  createdAt: responses.createdAt,
};

/**
 * The listed rows with their post: a database post's from the join, a static article's from the site's content
 * (loaded once a list names one); a row whose static article the site no longer ships is left out.
 */
async function withPosts(
  rows: (Omit<ListedResponse, "postTitle" | "postSlug" | "postLang"> & {
    postTitle: string | null;
    postSlug: string | null;
    postLang: string | null;
  })[],
): Promise<ListedResponse[]> {
  if (rows.every((row) => row.postId !== null)) return rows as ListedResponse[];
  const { staticPostOf } = await import("./subject-lookup.server.ts");
  return rows.flatMap((row) => {
    if (row.postTitle !== null && row.postSlug !== null && row.postLang !== null) return [row as ListedResponse];
    const article = staticPostOf(row);
    return article ? [{ ...row, postTitle: article.title, postSlug: article.slug, postLang: article.lang }] : [];
  });
}

/** Responses newest first, the author's own answers included; `status` narrows them. */
export async function listResponses(
  db: Database,
  options: { status?: ResponseStatus; limit?: number } = {},
): Promise<ListedResponse[]> {
  const rows = await db
    .select(listedColumns)
    .from(responses)
    .leftJoin(blogs, eq(blogs.id, responses.postId))
    .where(options.status ? eq(responses.status, options.status) : undefined)
    .orderBy(desc(responses.createdAt), desc(responses.id))
    .limit(options.limit ?? 200);
  return withPosts(rows as never);
}

export async function findResponse(db: Database, id: string): Promise<ListedResponse | undefined> {
  const rows = await listResponsesWhere(db, eq(responses.id, id));
  return rows[0];
}

async function listResponsesWhere(db: Database, where: SQL | undefined) {
  const rows = await db
    .select(listedColumns)
    .from(responses)
    .leftJoin(blogs, eq(blogs.id, responses.postId))
    .where(where);
  return withPosts(rows as never);
}

/** Approves or rejects a response. @returns false when there is no such response. */
export async function setResponseStatus(db: Database, id: string, status: ResponseStatus): Promise<boolean> {
  const rows = await db
    .update(responses)
    .set({ status, updatedAt: new Date() })
    .where(eq(responses.id, id))
    .returning({ id: responses.id });
  return rows.length > 0;
}

/** How many responses wait for moderation. */
export async function countPendingResponses(db: Database): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(responses)
    .where(eq(responses.status, "pending"));
  return row?.count ?? 0;
}

export interface ShownResponses {
  /** Approved replies and mentions, oldest first, each with the author's answers after it. */
  replies: ListedResponse[];
  likes: ListedResponse[];
  boosts: ListedResponse[];
}

/** What readers see under a post or a static article: approved responses only. */
export async function approvedResponses(db: Database, subject: ResponseSubject): Promise<ShownResponses> {
  const rows = (
    await listResponsesWhere(db, and(subjectIs(responses, subject), eq(responses.status, "approved")))
  ).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const answers = new Map<string, ListedResponse[]>();
  for (const row of rows) if (row.answerTo) answers.set(row.answerTo, [...(answers.get(row.answerTo) ?? []), row]);
  const replies: ListedResponse[] = [];
  for (const row of rows) {
    if (row.answerTo || (row.kind !== "reply" && row.kind !== "webmention")) continue;
    replies.push(row, ...(answers.get(row.id) ?? []));
  }
  return {
    replies,
    likes: rows.filter((row) => row.kind === "like"),
    boosts: rows.filter((row) => row.kind === "announce"),
  };
}

export type BlockKind = "account" | "instance";

/**
 * Blocks an account (its actor's id) or an instance (a host): its requests
 * get 403 from now on, and its responses and follows are removed.
 */
export async function block(db: Database, kind: BlockKind, value: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(fediverseBlocks).values({ kind, value }).onConflictDoNothing();
    if (kind === "instance") {
      await tx.delete(responses).where(eq(responses.instance, value));
      await tx.delete(fediverseFollowers).where(eq(fediverseFollowers.instance, value));
    } else {
      await tx.delete(responses).where(eq(responses.authorActor, value));
      await tx.delete(fediverseFollowers).where(eq(fediverseFollowers.actorUrl, value));
    }
  });
}

export async function unblock(db: Database, kind: BlockKind, value: string): Promise<void> {
  await db.delete(fediverseBlocks).where(and(eq(fediverseBlocks.kind, kind), eq(fediverseBlocks.value, value)));
}

export async function listBlocks(db: Database) {
  return db.select().from(fediverseBlocks).orderBy(desc(fediverseBlocks.createdAt));
}

/** Whether an actor (its id) or its instance is blocked. */
export async function isBlocked(db: Database, actor: { actorUrl?: string | null; host?: string | null }) {
  const conditions = [];
  if (actor.host) conditions.push(and(eq(fediverseBlocks.kind, "instance"), eq(fediverseBlocks.value, actor.host)));
  if (actor.actorUrl)
    conditions.push(and(eq(fediverseBlocks.kind, "account"), eq(fediverseBlocks.value, actor.actorUrl)));
  if (conditions.length === 0) return false;
  const rows = await db
    .select({ kind: fediverseBlocks.kind })
    .from(fediverseBlocks)
    .where(or(...conditions))
    .limit(1);
  return rows.length > 0;
}

/** Responses waiting that the author was not mailed about yet; marks them told. */
export async function takeUnnotified(db: Database, now: Date): Promise<ListedResponse[]> {
  const ids = await db
    .update(responses)
    .set({ notifiedAt: now })
    .where(and(eq(responses.status, "pending"), isNull(responses.notifiedAt)))
    .returning({ id: responses.id });
  if (ids.length === 0) return [];
  return listResponsesWhere(
    db,
    inArray(
      responses.id,
      ids.map((row) => row.id),
    ),
  );
}

/** The responses a post's (or a static article's) page shows, shaped for it (app/components/blog/PostResponses.tsx). */
export async function shownResponses(db: Database, subject: ResponseSubject) {
  const { replies, likes, boosts } = await approvedResponses(db, subject);
  const nameOf = (row: ListedResponse) => row.authorName ?? row.authorHandle ?? new URL(row.sourceUrl).host;
  return {
    replies: replies.map((row) => ({
      id: row.id,
      kind: row.kind === "webmention" ? ("webmention" as const) : ("reply" as const),
      name: nameOf(row),
      handle: row.authorHandle,
      url: row.authorUrl ?? row.sourceUrl,
      avatar: avatarUrl(row.avatarKey),
      html: row.contentHtml ?? "",
      title: row.title,
      source: row.kind === "webmention" ? row.sourceUrl : null,
      answer: row.answerTo !== null,
      date: row.createdAt.toISOString(),
    })),
    likes: likes.map(nameOf),
    boosts: boosts.map(nameOf),
  };
}
