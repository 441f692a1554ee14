import { Readable } from "node:stream";
import { authorContext, requireAuthor } from "~/server/auth/guard.server.ts";
import { servicesOf } from "~/server/request-context.server.ts";
import type { Route } from "./+types/admin-blog-export";

// Runs before the loader, as on the admin pages: a visitor is sent home and never reaches the archive.
export const middleware: Route.MiddlewareFunction[] = [requireAuthor];

/** The signed-in author's posts as the blog's archive (a zip), streamed as it is written. */
export async function loader({ context }: Route.LoaderArgs) {
  const author = context.get(authorContext);
  // The zip writer and YAML load with the first export.
  const { exportArchive } = await import("~/server/transfer/export.server.ts");
  const app = servicesOf(context);
  const { stream } = exportArchive(app.db, app.uploads, { authorId: author.id });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="blog-${author.login}-${day}.zip"`,
      "Cache-Control": "no-store",
    },
  });
}
