import { ogImageResponse, ogImageStoreFor } from "~/server/blog/og-images.server.ts";
import { servicesOf } from "~/server/request-context.server.ts";
import type { Route } from "./+types/og-image";

/**
 * A blog post's link-preview image: `/og/blog/{slug}/{version}.png`, or
 * under `/og/en/` for the English post. Mounted once per language; the
 * language is the path's.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const lang = new URL(request.url).pathname.startsWith("/og/en/") ? "en" : "pt";
  const app = servicesOf(context);
  const answer = await ogImageStoreFor(app.db, app.uploads).answer({ lang, slug: params.slug, file: params.file });
  return ogImageResponse(answer, request.method);
}
