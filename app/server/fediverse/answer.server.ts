/**
 * The author's answer to a reply, from the admin: a `Note` in reply to the
 * remote one, by the actor of the post's language, addressed to the public
 * with the reply's author and the actor's followers copied; stored among the
 * post's responses (approved, the author's own) and delivered to the
 * reply's author and to the followers' inboxes. Its address answers the
 * Note (http-server/federation.ts). When the author deletes or rejects the
 * reply, the answer is withdrawn (decision 081): a `Delete` of its Note goes
 * where its `Create` went, and its address answers 410 with a Tombstone.
 */
import { Create, Delete, Mention, Note, PUBLIC_COLLECTION, Tombstone } from "@fedify/vocab";
import { Temporal as TemporalPolyfill } from "@js-temporal/polyfill";
import { and, eq, inArray, type SQL } from "drizzle-orm";
import { isLang, type Lang } from "../../i18n/paths.ts";
import { site } from "../../site.config.ts";
import type { Database } from "../db/client.server.ts";
import { fediverseDeliveries, fediverseWithdrawnNotes, responses } from "../db/schema.ts";
import { findResponse, type ListedResponse } from "../responses/responses.server.ts";
import { queueActivity } from "./deliveries.server.ts";
import { ACTOR_IDENTIFIERS, FEDIVERSE_PREFIX, handleOf } from "./handles.server.ts";
import type { FediverseAnswers, SiteFederation } from "./types.server.ts";

export function noteUrl(origin: string, id: string): string {
  return `${origin}${FEDIVERSE_PREFIX}/notes/${id}`;
}

/** The Note of one of the author's answers, as its address answers it. */
export async function answerNote(db: Database, federation: SiteFederation, origin: string, id: string) {
  const [row] = await db.select().from(responses).where(eq(responses.id, id));
  if (!row?.local || !row.answerTo) return undefined;
  const reply = await findResponse(db, row.answerTo);
  const lang: Lang = reply && isLang(reply.postLang) ? reply.postLang : "pt";
  return buildNote(federation, origin, lang, row.id, row.contentHtml ?? "", reply, row.createdAt);
}

function buildNote(
  federation: SiteFederation,
  origin: string,
  lang: Lang,
  id: string,
  html: string,
  reply: ListedResponse | undefined,
  at: Date,
) {
  const context = federation.createContext(new URL(origin), {});
  const actor = context.getActorUri(ACTOR_IDENTIFIERS[lang]);
  const author = reply?.authorActor ? new URL(reply.authorActor) : undefined;
  return new Note({
    id: new URL(noteUrl(origin, id)),
    attribution: actor,
    content: html,
    ...(reply ? { replyTarget: new URL(reply.sourceUrl) } : {}),
    to: PUBLIC_COLLECTION,
    ccs: [context.getFollowersUri(ACTOR_IDENTIFIERS[lang]), ...(author ? [author] : [])],
    ...(author && reply?.authorHandle ? { tags: [new Mention({ href: author, name: reply.authorHandle })] } : {}),
    published: TemporalPolyfill.Instant.from(at.toISOString()) as unknown as Temporal.Instant,
  });
}

/**
 * Answers a reply: stores the answer under the post and queues its Create
 * for the reply's author and the followers of the post's language.
 */
export async function answerReply(
  db: Database,
  federation: SiteFederation,
  origin: string,
  reply: ListedResponse,
  markdown: string,
): Promise<string> {
  const lang: Lang = isLang(reply.postLang) ? reply.postLang : "pt";
  const { renderMarkdown } = await import("../blog/markdown.server.ts");
  const html = renderMarkdown(markdown, lang).html;
  const id = crypto.randomUUID();
  const now = new Date();
  const note = buildNote(federation, origin, lang, id, html, reply, now);
  const context = federation.createContext(new URL(origin), {});
  const actor = context.getActorUri(ACTOR_IDENTIFIERS[lang]);
  const create = new Create({
    id: new URL(`${noteUrl(origin, id)}#create`),
    actor,
    object: note,
    to: PUBLIC_COLLECTION,
    ccs: note.ccIds,
  });
  const body = JSON.stringify(await create.toJsonLd({ contextLoader: context.contextLoader }));
  // The reply's author's own inbox, found from its actor (through the address guard).
  let authorInbox: string | undefined;
  if (reply.authorActor) {
    const remote = await context.lookupObject(reply.authorActor).catch(() => null);
    const inbox = remote && "inboxId" in remote ? (remote.inboxId as URL | null) : null;
    authorInbox = inbox?.href;
  }
  await db.transaction(async (tx) => {
    await tx.insert(responses).values({
      id,
      kind: "reply",
      // Under the same post, or the same static article in the same language, as the reply it answers.
      postId: reply.postId,
      articleId: reply.articleId,
      articleLang: reply.articleLang,
      sourceUrl: noteUrl(origin, id),
      authorName: site.name,
      authorHandle: handleOf(lang, origin),
      authorUrl: actor.href,
      authorActor: actor.href,
      instance: new URL(origin).host,
      contentHtml: html,
      status: "approved",
      local: true,
      answerTo: reply.id,
    });
    // The Create is stored under the answer's id, so its withdrawal finds the inboxes it went to.
    const activity = { id, lang, type: "Create", postId: reply.postId, body };
    const { id: activityId } = await queueActivity(tx as never, activity, "followers", now);
    if (authorInbox) {
      await tx
        .insert(fediverseDeliveries)
        .values({ activityId, inbox: authorInbox, nextAttemptAt: now })
        .onConflictDoNothing();
    }
  });
  return id;
}

/** What a withdrawn answer's address answers: 410 and a Tombstone, once its Delete is queued. */
export async function withdrawnNote(db: Database, origin: string, id: string): Promise<Tombstone | undefined> {
  const [row] = await db.select().from(fediverseWithdrawnNotes).where(eq(fediverseWithdrawnNotes.id, id));
  return row ? noteTombstone(origin, row.id, row.withdrawnAt) : undefined;
}

const noteTombstone = (origin: string, id: string, at: Date) =>
  new Tombstone({
    id: new URL(noteUrl(origin, id)),
    deleted: TemporalPolyfill.Instant.from(at.toISOString()) as unknown as Temporal.Instant,
  });

/**
 * Withdraws the author's answers to a reply before the reply is deleted or rejected (decision 081): for each, a
 * `Delete` of its Note, a Tombstone, queued on the delivery queue for every inbox its `Create` was queued for (the
 * followers of its language then, and the reply's author); an answer whose deliveries are no longer recorded goes
 * to the language's followers now. The answer's row goes and its address answers 410, all in one transaction.
 * @returns how many answers were withdrawn.
 */
export async function withdrawAnswers(
  db: Database,
  federation: SiteFederation,
  origin: string,
  replyId: string,
  now = new Date(),
): Promise<number> {
  const answers = await db
    .select()
    .from(responses)
    .where(and(eq(responses.answerTo, replyId), eq(responses.local, true)));
  const context = federation.createContext(new URL(origin), {});
  let withdrawn = 0;
  for (const answer of answers) {
    const reply = await findResponse(db, replyId);
    const lang: Lang = reply && isLang(reply.postLang) ? reply.postLang : "pt";
    const actor = context.getActorUri(ACTOR_IDENTIFIERS[lang]);
    const deletion = new Delete({
      id: new URL(`${noteUrl(origin, answer.id)}#delete`),
      actor,
      object: noteTombstone(origin, answer.id, now),
      to: PUBLIC_COLLECTION,
      ccs: [
        context.getFollowersUri(ACTOR_IDENTIFIERS[lang]),
        ...(reply?.authorActor ? [new URL(reply.authorActor)] : []),
      ],
    });
    const body = JSON.stringify(await deletion.toJsonLd({ contextLoader: context.contextLoader }));
    await db.transaction(async (tx) => {
      const sent = await tx
        .selectDistinct({ inbox: fediverseDeliveries.inbox })
        .from(fediverseDeliveries)
        .where(eq(fediverseDeliveries.activityId, answer.id));
      const activity = { lang, type: "Delete", postId: answer.postId, body };
      await queueActivity(tx as never, activity, sent.length > 0 ? sent.map((row) => row.inbox) : "followers", now);
      await tx.insert(fediverseWithdrawnNotes).values({ id: answer.id, lang, withdrawnAt: now }).onConflictDoNothing();
      await tx.delete(responses).where(eq(responses.id, answer.id));
    });
    withdrawn += 1;
  }
  return withdrawn;
}

/**
 * Withdraws the author's answers to every reply `where` names that has any: a reply its remote author deleted or
 * undid, or the replies of an account or instance the author blocks, go with their answers as a rejected one does.
 * @returns how many answers were withdrawn.
 */
export async function withdrawAnswersTo(
  db: Database,
  federation: SiteFederation,
  origin: string,
  where: SQL | undefined,
): Promise<number> {
  const replies = db.select({ id: responses.id }).from(responses).where(where);
  const answered = await db
    .selectDistinct({ id: responses.answerTo })
    .from(responses)
    .where(and(eq(responses.local, true), inArray(responses.answerTo, replies)));
  let withdrawn = 0;
  for (const { id } of answered) if (id) withdrawn += await withdrawAnswers(db, federation, origin, id);
  return withdrawn;
}

/** The answers' functions bound to one server's database, federation and origin (the admin's, through its services). */
export function answersOf(db: Database, federation: SiteFederation, origin: string): FediverseAnswers {
  return {
    answer: async (reply, markdown) => {
      await answerReply(db, federation, origin, reply, markdown);
    },
    withdraw: (replyId) => withdrawAnswers(db, federation, origin, replyId),
    withdrawTo: (where) => withdrawAnswersTo(db, federation, origin, where),
  };
}
