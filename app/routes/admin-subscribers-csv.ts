import { requireAuthor } from "~/server/auth/guard.server.ts";
import { subscribersCsv } from "~/server/newsletter/admin.server.ts";
import { servicesOf } from "~/server/request-context.server.ts";
import type { Route } from "./+types/admin-subscribers-csv";

// Runs before the loader, as on the admin pages: a visitor is sent home and never reaches the list.
export const middleware: Route.MiddlewareFunction[] = [requireAuthor];

/** Every subscriber as a CSV download, streamed a page of rows at a time. */
export function loader({ context }: Route.LoaderArgs) {
  const day = new Date().toISOString().slice(0, 10);
  return new Response(subscribersCsv(servicesOf(context).db), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8; header=present",
      "Content-Disposition": `attachment; filename="subscribers-${day}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
