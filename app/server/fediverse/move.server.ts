/**
 * Moving the blog to another domain (docs/fediverse.md): on the old domain,
 * with FEDERATION_MOVED_TO set, each account sends its followers one `Move`
 * naming its address on the new domain (which names the old one in
 * `alsoKnownAs`, FEDERATION_PREVIOUS_ORIGIN), once for all servers: the
 * first to record it in the key-value store queues it.
 */
import { Move } from "@fedify/vocab";
import type { Database } from "../db/client.server.ts";
import { fediverseKv } from "../db/schema.ts";
import { queueActivity } from "./deliveries.server.ts";
import { ACTOR_IDENTIFIERS, actorPath } from "./handles.server.ts";
import type { SiteFederation } from "./types.server.ts";

/** @returns how many Moves were queued now (0 once both went). */
export async function announceMove(
  db: Database,
  federation: SiteFederation,
  origin: string,
  movedTo: string,
): Promise<number> {
  const context = federation.createContext(new URL(origin), {});
  let queued = 0;
  for (const lang of ["pt", "en"] as const) {
    const target = new URL(actorPath(lang), movedTo);
    const actor = context.getActorUri(ACTOR_IDENTIFIERS[lang]);
    const move = new Move({
      id: new URL(`${actor.href}#move-to-${encodeURIComponent(target.href)}`),
      actor,
      object: actor,
      target,
      to: context.getFollowersUri(ACTOR_IDENTIFIERS[lang]),
    });
    const body = JSON.stringify(await move.toJsonLd({ contextLoader: context.contextLoader }));
    const moved = await db.transaction(async (tx) => {
      const claimed = await tx
        .insert(fediverseKv)
        .values({ key: JSON.stringify(["site", "moved", lang, target.href]), value: JSON.stringify(new Date()) })
        .onConflictDoNothing()
        .returning({ key: fediverseKv.key });
      if (claimed.length === 0) return false;
      await queueActivity(tx as never, { lang, type: "Move", body }, "followers");
      return true;
    });
    if (moved) queued += 1;
  }
  return queued;
}
