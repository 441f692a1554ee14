import { servicesIfServing } from "~/server/request-context.server.ts";
import type { AppServices } from "~/server/services.server.ts";
import { receiveWebmention } from "~/server/webmention/receive.server.ts";
import { siteUrl } from "~/site.config.ts";
import type { Route } from "./+types/webmention";

/**
 * The webmention endpoint: another site posts `source` and `target` here
 * when one of its pages links to a post (app/server/webmention/receive.server.ts).
 * Answered 404 while webmentions are off (`FEDERATION=off`).
 */
export async function action({ request, context }: Route.ActionArgs) {
  return answer(request, servicesIfServing(context));
}

/** A GET says what the address is for (405, `Allow: POST`). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return answer(request, servicesIfServing(context));
}

function answer(request: Request, app: AppServices | undefined) {
  const runtime = app?.webmentions;
  if (!runtime?.enabled || !app) {
    return new Response("Not Found\n", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  return receiveWebmention(request, { db: app.db, publicUrl: siteUrl(), runtime });
}
