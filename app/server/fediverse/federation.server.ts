/**
 * The blog's side of ActivityPub, on Fedify (decision 063): WebFinger and
 * NodeInfo, the two actors with their keys and collections, and the inbox,
 * whose requests Fedify verifies (draft-cavage and RFC 9421 signatures, an
 * hour's window). What arrives is stored here: follows (answered with a
 * signed Accept through the delivery queue), their undoing, and replies,
 * likes and boosts of posts, held for moderation. Every document the server
 * fetches goes through the site's guarded client (document-loader.server.ts).
 */
import { createFederation, type InboxContext } from "@fedify/fedify";
import {
  Accept,
  Announce,
  type Object as APObject,
  Create,
  Delete,
  Endpoints,
  Follow,
  Image,
  isActor,
  Like,
  Note,
  Person,
  Undo,
  Update,
} from "@fedify/vocab";
import { and, desc, eq, sql } from "drizzle-orm";
import { profile } from "../../content/profile.ts";
import { fediverse as enWords } from "../../i18n/en/fediverse.ts";
import { format } from "../../i18n/format.ts";
import { type Lang, localizePath } from "../../i18n/paths.ts";
import { fediverse as ptWords } from "../../i18n/pt/fediverse.ts";
import { site } from "../../site.config.ts";
import { invalidatePublicPages } from "../blog/page-cache.server.ts";
import { getPublicPost, listPublicPosts } from "../blog/public-posts.server.ts";
import type { Database } from "../db/client.server.ts";
import { type FediverseFollower, fediverseFollowers, responses } from "../db/schema.ts";
import { logEvent } from "../log.server.ts";
import type { FetchLimits } from "../net/guarded-fetch.server.ts";
import { deleteRemoteResponse, isBlocked, saveResponse, updateRemoteReply } from "../responses/responses.server.ts";
import { activeContentIn, sanitizeRemoteHtml } from "../responses/sanitize.server.ts";
import { subjectOfPost } from "../responses/subject.server.ts";
import { postOfUrl } from "../responses/subject-lookup.server.ts";
import { withdrawAnswersTo } from "./answer.server.ts";
import { postArticle } from "./article.server.ts";
import { queueActivity } from "./deliveries.server.ts";
import { documentLimits, guardedAuthenticatedDocumentLoader, guardedDocumentLoader } from "./document-loader.server.ts";
import {
  ACTOR_IDENTIFIERS,
  actorPath,
  FEDIVERSE_PREFIX,
  langOfIdentifier,
  SHARED_INBOX_PATH,
} from "./handles.server.ts";
import { actorKeyPairs } from "./keys.server.ts";
import { DatabaseKvStore } from "./kv.server.ts";
import { approvedReplyIds } from "./replies.server.ts";
import type { InboxOutcome, SiteFederation } from "./types.server.ts";

export const words: Record<Lang, typeof ptWords> = { pt: ptWords, en: enWords };

export interface SiteFederationOptions {
  db: Database;
  /** PUBLIC_URL: the actors' and posts' addresses, whatever Host a proxy passes. */
  origin: string;
  /** FEDERATION_ALLOW_PRIVATE (loopback tests only). */
  allowPrivate: boolean;
  /** Every address of a host name, for the guard; Node's resolver unless a test gives its own. */
  resolve?: FetchLimits["resolve"];
  /** The origin before a move: each actor's `alsoKnownAs` names its address there. */
  previousOrigin?: string | undefined;
  /** The origin after a move: each actor's `movedTo` names its address there. */
  movedTo?: string | undefined;
  /** Wakes the delivery worker (an Accept to send). */
  wake: () => void;
}

export type { SiteFederation };

/** A verified activity the site will not take: the listener's refusal, answered by the doorway with `status`. */
class RefusedActivity extends Error {
  readonly status: number;
  constructor(status: number, reason: string) {
    super(reason);
    this.name = "RefusedActivity";
    this.status = status;
  }
}

/**
 * Refuses the activity being handled: the doorway answers `status` with `reason`, and since the listener throws,
 * nothing is stored and Fedify does not record the activity as handled (a sender may send it again once it can).
 */
function refuse(ctx: InboxContext<InboxOutcome>, status: number, reason: string): never {
  ctx.data.refusal = { status, reason };
  throw new RefusedActivity(status, reason);
}

/** Why a reply with scripts, styles or event handlers in its HTML is refused (the bad input: a 4xx). */
const ACTIVE_REPLY = "The reply's HTML carries scripts, styles or event handlers.";

/** Followers, outbox and featured pages hold this many items. */
const PAGE_SIZE = 20;

/** Name, `@handle`, profile and avatar of a remote actor, for a follower or a response. */
async function describeActor(actor: APObject | null, fallback: URL) {
  const person = actor && isActor(actor) ? actor : undefined;
  const id = person?.id ?? fallback;
  const username = person?.preferredUsername?.toString();
  const icon = person ? await person.getIcon().catch(() => null) : null;
  const avatar = icon?.url instanceof URL ? icon.url.href : (icon?.url?.href?.href ?? null);
  const url = person?.url instanceof URL ? person.url.href : (person?.url?.href?.href ?? id.href);
  return {
    actorUrl: id.href,
    instance: id.host,
    handle: username ? `@${username}@${id.host}` : id.href,
    name: person?.name?.toString() ?? username ?? null,
    avatar: avatar && /^https?:/.test(avatar) ? avatar : null,
    url: /^https?:/.test(url) ? url : id.href,
    inbox: person?.inboxId?.href ?? null,
    sharedInbox: person?.endpoints?.sharedInbox?.href ?? null,
  };
}

export function createSiteFederation(options: SiteFederationOptions): SiteFederation {
  const { db, origin, allowPrivate } = options;
  const federation = createFederation<InboxOutcome>({
    kv: new DatabaseKvStore(db),
    origin,
    // Every document is read through the site's guarded client: its addresses checked as it connects.
    documentLoaderFactory: () => guardedDocumentLoader(documentLimits(allowPrivate, origin, options.resolve)),
    authenticatedDocumentLoaderFactory: (identity) =>
      guardedAuthenticatedDocumentLoader(identity, documentLimits(allowPrivate, origin, options.resolve)),
    signatureTimeWindow: { hours: 1 },
  });

  federation
    .setActorDispatcher(`${FEDIVERSE_PREFIX}/{identifier}`, async (ctx, identifier) => {
      const lang = langOfIdentifier(identifier);
      if (!lang) return null;
      const keys = await ctx.getActorKeyPairs(identifier);
      const blogUrl = new URL(localizePath("/blog", lang), origin);
      const avatar = profile.avatar.src;
      const header = (await listPublicPosts(db, lang)).find((post) => post.cover ?? post.picture)?.cover;
      return new Person({
        id: ctx.getActorUri(identifier),
        preferredUsername: identifier,
        name: format(words[lang].actorName, { name: site.name }),
        summary: format(words[lang].actorSummary, { name: site.name }),
        url: blogUrl,
        icon: new Image({ url: new URL(avatar, origin), mediaType: "image/webp" }),
        ...(header ? { image: new Image({ url: new URL(header, origin) }) } : {}),
        inbox: ctx.getInboxUri(identifier),
        endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
        outbox: ctx.getOutboxUri(identifier),
        followers: ctx.getFollowersUri(identifier),
        featured: ctx.getFeaturedUri(identifier),
        publicKey: keys[0]?.cryptographicKey ?? null,
        assertionMethods: keys.map((key) => key.multikey),
        ...(options.previousOrigin ? { aliases: [new URL(actorPath(lang), options.previousOrigin)] } : {}),
        ...(options.movedTo ? { successor: new URL(actorPath(lang), options.movedTo) } : {}),
        manuallyApprovesFollowers: false,
        discoverable: true,
        indexable: true,
      });
    })
    .mapHandle((_ctx, username) => (langOfIdentifier(username) ? username : null))
    .setKeyPairsDispatcher(async (_ctx, identifier) => {
      const lang = langOfIdentifier(identifier);
      return lang ? actorKeyPairs(db, lang) : [];
    });

  // Who follows is the follower's business: the collection says how many, not who.
  federation
    .setFollowersDispatcher(`${FEDIVERSE_PREFIX}/{identifier}/followers`, (_ctx, identifier) =>
      langOfIdentifier(identifier) ? { items: [] } : null,
    )
    .setCounter(async (_ctx, identifier) => {
      const lang = langOfIdentifier(identifier);
      if (!lang) return null;
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(fediverseFollowers)
        .where(eq(fediverseFollowers.lang, lang));
      return row?.count ?? 0;
    });

  const articlesOf = async (lang: Lang, from: number, count: number) => {
    const summaries = (await listPublicPosts(db, lang)).slice(from, from + count);
    const pages = await Promise.all(summaries.map((summary) => getPublicPost(db, summary.slug, lang)));
    return Promise.all(
      pages.flatMap((post) =>
        post
          ? [approvedReplyIds(db, subjectOfPost(post)).then((replyIds) => postArticle({ origin, post, replyIds }))]
          : [],
      ),
    );
  };

  // The outbox: a Create for each public post of the language, newest first, a page at a time.
  federation
    .setOutboxDispatcher(`${FEDIVERSE_PREFIX}/{identifier}/outbox`, async (ctx, identifier, cursor) => {
      const lang = langOfIdentifier(identifier);
      if (!lang || cursor === null) return null;
      const from = Math.max(0, Number.parseInt(cursor, 10) || 0);
      const articles = await articlesOf(lang, from, PAGE_SIZE);
      const total = (await listPublicPosts(db, lang)).length;
      return {
        items: articles.map(
          (article) =>
            new Create({
              id: new URL(`${article.id?.href}#create`),
              actor: ctx.getActorUri(identifier),
              object: article,
              published: article.published,
              to: article.toId,
              cc: article.ccId,
            }),
        ),
        nextCursor: from + PAGE_SIZE < total ? String(from + PAGE_SIZE) : null,
      };
    })
    .setCounter(async (_ctx, identifier) => {
      const lang = langOfIdentifier(identifier);
      return lang ? (await listPublicPosts(db, lang)).length : null;
    })
    .setFirstCursor(() => "0");

  // Featured: the three newest posts of the language.
  federation.setFeaturedDispatcher(`${FEDIVERSE_PREFIX}/{identifier}/featured`, async (_ctx, identifier) => {
    const lang = langOfIdentifier(identifier);
    if (!lang) return null;
    return { items: await articlesOf(lang, 0, 3) };
  });

  federation.setNodeInfoDispatcher("/nodeinfo/2.1", async () => {
    const [pt, en] = await Promise.all([listPublicPosts(db, "pt"), listPublicPosts(db, "en")]);
    return {
      software: { name: "rafael-werneck-site", version: "1.0.0", homepage: new URL(origin) },
      protocols: ["activitypub"],
      services: { inbound: [], outbound: ["atom1.0", "rss2.0"] },
      openRegistrations: false,
      usage: {
        users: { total: 2, activeHalfyear: 2, activeMonth: 2 },
        localPosts: pt.length + en.length,
        localComments: 0,
      },
      metadata: { nodeName: site.name },
    };
  });

  const inbox = federation.setInboxListeners(`${FEDIVERSE_PREFIX}/{identifier}/inbox`, SHARED_INBOX_PATH);

  /** The sender, refused (the activity ignored) when it or its instance is blocked. */
  const senderOf = async (
    ctx: InboxContext<InboxOutcome>,
    activity: { actorId: URL | null; getActor: (o: never) => Promise<APObject | null> },
  ) => {
    if (!activity.actorId) return undefined;
    if (await isBlocked(db, { actorUrl: activity.actorId.href, host: activity.actorId.host })) return undefined;
    const actor = await activity.getActor(ctx as never).catch(() => null);
    return describeActor(actor, activity.actorId);
  };

  inbox
    .on(Follow, async (ctx, follow) => {
      const target = ctx.parseUri(follow.objectId);
      const lang = target?.type === "actor" ? langOfIdentifier(target.identifier) : undefined;
      if (!lang) refuse(ctx, 404, "No such account: the blog's accounts are blog and blog.en.");
      if (!follow.id) return;
      const sender = await senderOf(ctx, follow as never);
      if (!sender?.inbox) return;
      const row: Omit<FediverseFollower, "id" | "createdAt" | "failingSince"> = {
        lang,
        actorUrl: sender.actorUrl,
        handle: sender.handle,
        instance: sender.instance,
        name: sender.name,
        inbox: sender.inbox,
        sharedInbox: sender.sharedInbox,
        followId: follow.id.href,
      };
      await db
        .insert(fediverseFollowers)
        .values(row)
        .onConflictDoUpdate({
          target: [fediverseFollowers.lang, fediverseFollowers.actorUrl],
          set: { ...row, failingSince: null },
        });
      const actor = ctx.getActorUri(ACTOR_IDENTIFIERS[lang]);
      const accept = new Accept({
        id: new URL(`${actor.href}#accepts/${crypto.randomUUID()}`),
        actor,
        to: new URL(sender.actorUrl),
        object: new Follow({ id: follow.id, actor: new URL(sender.actorUrl), object: actor }),
      });
      const body = JSON.stringify(await accept.toJsonLd({ contextLoader: ctx.contextLoader }));
      await queueActivity(db, { lang, type: "Accept", body }, [sender.inbox]);
      logEvent("fediverse_follow", `An account of ${sender.instance} follows the ${lang} blog.`, {
        lang,
        instance: sender.instance,
      });
      options.wake();
    })
    .on(Undo, async (ctx, undo) => {
      if (!undo.actorId) return;
      const object = await undo.getObject(ctx).catch(() => null);
      if (object instanceof Follow || (!object && undo.objectId)) {
        const target = object instanceof Follow ? ctx.parseUri(object.objectId) : null;
        const lang = target?.type === "actor" ? langOfIdentifier(target.identifier) : undefined;
        await db
          .delete(fediverseFollowers)
          .where(
            and(
              eq(fediverseFollowers.actorUrl, undo.actorId.href),
              lang ? eq(fediverseFollowers.lang, lang) : eq(fediverseFollowers.followId, undo.objectId?.href ?? ""),
            ),
          );
      }
      const undone = object?.id ?? undo.objectId;
      if (undone) await withdrawAnswersOf(undone.href, undo.actorId.href);
      if (undone && (await deleteRemoteResponse(db, undone.href, undo.actorId.href)) > 0) invalidatePublicPages();
    })
    .on(Create, async (ctx, create) => {
      // An object named by its address only is fetched from there; one that cannot be is refused, not ignored.
      let note = await create.getObject(ctx).catch(() => undefined);
      if (note === undefined) refuse(ctx, 422, "The activity's object could not be fetched from its address.");
      if (!(note instanceof Note) || !note.id || !create.actorId) return;
      const noteId = note.id;
      // Sent by someone else than its author (a relay, a forward): the Note is read from its origin instead.
      if (note.attributionId?.href !== create.actorId.href) {
        const fetched = await ctx.lookupObject(noteId).catch(() => null);
        if (!(fetched instanceof Note) || fetched.id?.href !== noteId.href)
          refuse(ctx, 422, "The reply could not be fetched from its origin, and its sender is not its author.");
        note = fetched;
      }
      const post = await postOfUrl(db, origin, note.replyTargetId);
      if (!post) {
        if (note.replyTargetId?.origin === new URL(origin).origin) refuse(ctx, 404, "No such post.");
        return;
      }
      const authorId = note.attributionId ?? create.actorId;
      if (await isBlocked(db, { actorUrl: authorId.href, host: authorId.host })) return;
      const author = await describeActor(await note.getAttribution(ctx).catch(() => null), authorId);
      const lang = post.lang;
      const content = note.content?.toString() ?? "";
      if (activeContentIn(content)) refuse(ctx, 422, ACTIVE_REPLY);
      await saveResponse(db, {
        kind: "reply",
        subject: post.subject,
        sourceUrl: noteId.href,
        sourcePage: note.url instanceof URL ? note.url.href : (note.url?.href?.href ?? null),
        authorName: author.name,
        authorHandle: author.handle,
        authorUrl: author.url,
        authorAvatar: author.avatar,
        authorActor: author.actorUrl,
        instance: author.instance,
        contentHtml: await sanitizeRemoteHtml(content, lang),
        publishedAt: note.published ? new Date(note.published.epochMilliseconds) : null,
      });
      // The worker keeps the author's avatar: woken now, the page shows it within seconds rather than a poll.
      if (author.avatar) options.wake();
    })
    .on(Like, async (ctx, like) => saveReaction(ctx, like, "like"))
    .on(Announce, async (ctx, announce) => saveReaction(ctx, announce, "announce"))
    .on(Update, async (ctx, update) => {
      const note = await update.getObject(ctx).catch(() => undefined);
      if (note === undefined) refuse(ctx, 422, "The activity's object could not be fetched from its address.");
      if (!(note instanceof Note) || !note.id || !update.actorId) return;
      const post = await postOfUrl(db, origin, note.replyTargetId);
      const content = note.content?.toString() ?? "";
      if (activeContentIn(content)) refuse(ctx, 422, ACTIVE_REPLY);
      const html = await sanitizeRemoteHtml(content, post?.lang === "en" ? "en" : "pt");
      // Shown under a post already, the new text replaces the old at once on this server (within a second on others).
      if ((await updateRemoteReply(db, note.id.href, update.actorId.href, html)) > 0) invalidatePublicPages();
    })
    .on(Delete, async (_ctx, deletion) => {
      const objectId = deletion.objectId;
      if (!objectId || !deletion.actorId) return;
      if (objectId.href === deletion.actorId.href) {
        // The account itself is gone: its follows go with it.
        await db.delete(fediverseFollowers).where(eq(fediverseFollowers.actorUrl, objectId.href));
      }
      await withdrawAnswersOf(objectId.href, deletion.actorId.href);
      if ((await deleteRemoteResponse(db, objectId.href, deletion.actorId.href)) > 0) invalidatePublicPages();
    });

  /** A reply its author deleted or undid takes the author's answers to it out of the fediverse too (decision 081). */
  async function withdrawAnswersOf(sourceUrl: string, authorActor: string) {
    const where = and(eq(responses.sourceUrl, sourceUrl), eq(responses.authorActor, authorActor));
    if ((await withdrawAnswersTo(db, federation, origin, where)) > 0) options.wake();
  }

  async function saveReaction(ctx: InboxContext<InboxOutcome>, activity: Like | Announce, kind: "like" | "announce") {
    if (!activity.id || !activity.actorId) return;
    const post = await postOfUrl(db, origin, activity.objectId);
    if (!post) return;
    const sender = await senderOf(ctx, activity as never);
    if (!sender) return;
    await saveResponse(db, {
      kind,
      subject: post.subject,
      sourceUrl: activity.id.href,
      authorName: sender.name,
      authorHandle: sender.handle,
      authorUrl: sender.url,
      authorAvatar: sender.avatar,
      authorActor: sender.actorUrl,
      instance: sender.instance,
    });
    if (sender.avatar) options.wake();
  }

  return federation;
}

/** The newest followers of a language, for the owner's view. */
export async function listFollowers(db: Database, lang: Lang, limit = 100) {
  return db
    .select()
    .from(fediverseFollowers)
    .where(eq(fediverseFollowers.lang, lang))
    .orderBy(desc(fediverseFollowers.createdAt))
    .limit(limit);
}
