import { dictionaryFor, format, langFromQuery } from "~/i18n";
import { authorContext, requireAuthorForApi } from "~/server/auth/guard.server.ts";
import { saveCover } from "~/server/blog/covers.server.ts";
import { uploads } from "~/server/metrics.server.ts";
import { servicesOf } from "~/server/request-context.server.ts";
import { MAX_INPUT_MEGAPIXELS } from "~/server/uploads/cover-image.server.ts";
import type { Route } from "./+types/admin-blog-upload";

export const middleware: Route.MiddlewareFunction[] = [requireAuthorForApi];

/** Receives one image, a cover or one for the text (multipart field `file`), and answers its URL and size. */
export async function action({ request, context }: Route.ActionArgs) {
  const lang = langFromQuery(request.url);
  const errors = dictionaryFor(lang).admin.errors;
  const form = await request.formData().catch(() => null);
  const file = form?.get("file");
  if (!(file instanceof File) || file.size === 0)
    return Response.json({ error: errors.uploadMissing }, { status: 400 });

  const saved = await saveCover(
    servicesOf(context).uploads,
    context.get(authorContext).id,
    new Uint8Array(await file.arrayBuffer()),
  );
  if (saved.ok) uploads.inc();
  if (saved.ok) return Response.json({ url: saved.url, width: saved.width, height: saved.height }, { status: 201 });
  switch (saved.reason) {
    case "empty":
      return Response.json({ error: errors.uploadMissing }, { status: 400 });
    case "too-large":
      return Response.json({ error: errors.uploadTooLarge }, { status: 413 });
    case "type":
      return Response.json({ error: errors.uploadType }, { status: 415 });
    case "dimensions":
      return Response.json({ error: format(errors.uploadDimensions, { max: MAX_INPUT_MEGAPIXELS }) }, { status: 422 });
    case "unreadable":
      return Response.json({ error: errors.uploadUnreadable }, { status: 422 });
  }
}
