import { authorContext, requireAuthorForApi } from "~/server/auth/guard.server.ts";
import { isPostId } from "~/server/blog/posts.server.ts";
import { findRevision, listRevisions, versionOf } from "~/server/blog/revisions.server.ts";
import { namedTags } from "~/server/blog/tags.server.ts";
import { servicesOf } from "~/server/request-context.server.ts";
import type { Route } from "./+types/admin-blog-revisions";

export const middleware: Route.MiddlewareFunction[] = [requireAuthorForApi];

const privateJson = (body: unknown, status = 200) =>
  Response.json(body, { status, headers: { "Cache-Control": "private, no-store" } });

/**
 * A post's revisions for the admin: `?post={id}` lists them (summaries, no
 * text); `&revision={id}` answers one with its fields. Only the post's
 * author gets anything: for anyone else the post has no revisions to show.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const author = context.get(authorContext);
  const url = new URL(request.url);
  const postId = url.searchParams.get("post") ?? "";
  const revisionId = url.searchParams.get("revision");
  if (!isPostId(postId) || (revisionId !== null && !isPostId(revisionId)))
    return privateJson({ error: "not-found" }, 404);
  const { db } = servicesOf(context);
  if (revisionId) {
    const revision = await findRevision(db, author.id, postId, revisionId);
    if (!revision) return privateJson({ error: "not-found" }, 404);
    return privateJson({
      revision: {
        id: revision.id,
        kind: revision.kind,
        createdAt: revision.createdAt.toISOString(),
        ...versionOf(revision),
        // By the names the author typed, as the editor shows tags.
        tags: await namedTags(db, revision.lang, revision.tags),
      },
    });
  }
  const revisions = await listRevisions(db, author.id, postId);
  if (!revisions) return privateJson({ error: "not-found" }, 404);
  return privateJson({ revisions });
}
