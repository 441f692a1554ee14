/**
 * What the fediverse is told of posts, read from the posts themselves on
 * every round of the worker, so a publication is never missed whichever
 * server made it or was killed (decision 064):
 *
 * - a post public now that was never federated, first published after
 *   federation began and not before it was created (an imported post keeps
 *   its old date: it is not announced), gets a `Create`;
 * - a federated post whose readers' version changed (`edited_at`) gets an
 *   `Update`;
 * - a federated post no longer public (unpublished, trashed, deleted for
 *   good) gets a `Delete`, and its address answers 410 from then on;
 *   published again, it gets a `Create` again.
 *
 * Each change is claimed by one conditional write in the transaction that
 * queues its deliveries, so several servers send it once.
 */
import { Create, Delete, Tombstone, Update } from "@fedify/vocab";
import { and, eq } from "drizzle-orm";
import { isLang, type Lang } from "../../i18n/paths.ts";
import { getPublicPost } from "../blog/public-posts.server.ts";
import type { Database } from "../db/client.server.ts";
import { fediversePosts } from "../db/schema.ts";
import { postArticle } from "./article.server.ts";
import { queueActivity } from "./deliveries.server.ts";
import { federationStartedAt, pendingChanges } from "./federated-posts.server.ts";
import { ACTOR_IDENTIFIERS, postUrl } from "./handles.server.ts";
import { approvedReplyIds } from "./replies.server.ts";
import type { SiteFederation } from "./types.server.ts";

/**
 * Federates what changed since the last round: one activity per change,
 * queued for the followers of the post's language.
 * @returns how many activities were queued.
 */
export async function federatePostChanges(
  db: Database,
  federation: SiteFederation,
  origin: string,
  now = new Date(),
): Promise<number> {
  const startedAt = await federationStartedAt(db, now);
  const changes = await pendingChanges(db, startedAt, 20);
  const context = federation.createContext(new URL(origin), {});
  let queued = 0;
  for (const change of changes) {
    if (!isLang(change.lang)) continue;
    const lang: Lang = change.lang;
    const actor = context.getActorUri(ACTOR_IDENTIFIERS[lang]);
    const followers = context.getFollowersUri(ACTOR_IDENTIFIERS[lang]);
    const activityId = crypto.randomUUID();
    const id = new URL(`${origin}/fediverse/activities/${activityId}`);
    let objectUrl = change.objectUrl ?? "";
    let activity: Create | Update | Delete;
    if (change.kind === "delete") {
      activity = new Delete({
        id,
        actor,
        object: new Tombstone({ id: new URL(objectUrl) }),
        to: new URL("https://www.w3.org/ns/activitystreams#Public"),
        cc: followers,
      });
    } else {
      const post = change.slug ? await getPublicPost(db, change.slug, lang) : undefined;
      if (!post) continue;
      objectUrl = postUrl(origin, lang, post.slug);
      const article = postArticle({ origin, post, replyIds: await approvedReplyIds(db, { postId: post.id }) });
      const values = { id, actor, object: article, to: article.toId, cc: followers };
      activity = change.kind === "create" ? new Create(values) : new Update(values);
    }
    const body = JSON.stringify(await activity.toJsonLd({ contextLoader: context.contextLoader }));
    const claimed = await db.transaction(async (tx) => {
      const state = change.kind === "delete" ? "deleted" : "published";
      const values = { state, version: change.version, objectUrl, lang, changedAt: now };
      const won =
        change.known === null
          ? await tx
              .insert(fediversePosts)
              .values({ postId: change.postId, ...values })
              .onConflictDoNothing()
              .returning({ postId: fediversePosts.postId })
          : await tx
              .update(fediversePosts)
              .set(values)
              .where(and(eq(fediversePosts.postId, change.postId), eq(fediversePosts.version, change.known)))
              .returning({ postId: fediversePosts.postId });
      if (won.length === 0) return false;
      await queueActivity(
        tx as never,
        {
          id: activityId,
          lang,
          type: activity instanceof Create ? "Create" : activity instanceof Update ? "Update" : "Delete",
          postId: change.postId,
          body,
        },
        "followers",
        now,
      );
      return true;
    });
    if (claimed) queued += 1;
  }
  return queued;
}
