import { servicesIfReady } from "~/server/services.server.ts";
import { receiveWebmention } from "~/server/webmention/receive.server.ts";
import { webmentionRuntime } from "~/server/webmention/runtime.server.ts";
import { siteUrl } from "~/site.config.ts";
import type { Route } from "./+types/webmention";

/**
 * The webmention endpoint: another site posts `source` and `target` here
 * when one of its pages links to a post (app/server/webmention/receive.server.ts).
 * Answered 404 while webmentions are off (`FEDERATION=off`).
 */
export async function action({ request }: Route.ActionArgs) {
  return answer(request);
}

/** A GET says what the address is for (405, `Allow: POST`). */
export async function loader({ request }: Route.LoaderArgs) {
  return answer(request);
}

function answer(request: Request) {
  const runtime = webmentionRuntime();
  const db = servicesIfReady()?.db;
  if (!runtime?.enabled || !db) {
    return new Response("Not Found\n", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  return receiveWebmention(request, { db, publicUrl: siteUrl(), runtime });
}
