/**
 * What the benches of a send (the newsletter's mails, the fediverse's fan-out)
 * measure their load against: the author signed in, a first post published,
 * and the visitor's reading alone.
 */
import { randomBytes } from "node:crypto";
import { AdminClient, signIn } from "../tests/harness/site-client.ts";
import { visitorTargets } from "./flood.ts";
import { type LoadResult, loadTest } from "./load.ts";
import { memoryOf } from "./processes.ts";
import { encodePath } from "./routes.ts";
import { sleep } from "./stats.ts";

/** The visitor: every page of the flood's list read at once, one connection each, for `durationSeconds`. */
export const readEveryTarget = (origin: string, durationSeconds: number, pid: number): Promise<LoadResult[]> =>
  Promise.all(
    visitorTargets.map((target) =>
      loadTest(`${origin}${encodePath(target)}`, { connections: 1, durationSeconds, pid }),
    ),
  );

/**
 * Signs the author in on `origin` and publishes a Portuguese post first, which the send measured after does not
 * reach: publishing's own work (rendering, the link-preview image) is done before the memory is read, so what
 * grows after is the send. Then every page is read once and the visitor reads alone for `durationSeconds`.
 * @example const { publish, visitorAlone, rssStart } = await sendBaseline(origin, pid, 10);
 */
export async function sendBaseline(origin: string, pid: number, durationSeconds: number) {
  const admin = new AdminClient(origin, await signIn(origin, "rafael-werneck"));
  /** Publishes a post of twenty short paragraphs in `lang`, at a slug of its own. */
  const publish = (lang: "pt" | "en", title: string, slug = `${lang}-${randomBytes(3).toString("hex")}`) =>
    admin.action("create", { title, slug, content: `${title}.\n\n`.repeat(20), published: true, lang });
  const warmUp = await publish("pt", "Aquecimento");
  if (!warmUp.ok) throw new Error(`publishing the first post answered ${warmUp.status}`);
  for (const target of visitorTargets) await (await fetch(`${origin}${encodePath(target)}`)).arrayBuffer();
  const visitorAlone = await readEveryTarget(origin, durationSeconds, pid);
  await sleep(1000);
  return { publish, visitorAlone, rssStart: memoryOf(pid)?.rss ?? 0 };
}
