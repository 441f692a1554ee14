import { langFromQuery } from "~/i18n";
import { POST_LIMITS } from "~/lib/post-input.ts";
import { requireAuthorForApi } from "~/server/auth/guard.server.ts";
import type { Route } from "./+types/admin-blog-preview";

export const middleware: Route.MiddlewareFunction[] = [requireAuthorForApi];

/** Renders Markdown exactly as the public page will: the same pipeline, the same sanitizing. */
export async function action({ request }: Route.ActionArgs) {
  const lang = langFromQuery(request.url);
  const form = await request.formData().catch(() => null);
  const content = String(form?.get("content") ?? "").slice(0, POST_LIMITS.content);
  // The pipeline is heavy; it loads with the first preview, not with the server.
  const { renderMarkdown } = await import("~/server/blog/markdown.server.ts");
  return Response.json({ html: renderMarkdown(content, lang).html });
}
