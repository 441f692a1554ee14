import { audienceCsv, audienceRange, rangeDays } from "~/server/analytics/report.server.ts";
import { requireAuthor } from "~/server/auth/guard.server.ts";
import { servicesOf } from "~/server/request-context.server.ts";
import type { Route } from "./+types/admin-audience-csv";

// Runs before the loader, as on the admin pages: a visitor is sent home and never reaches the counts.
export const middleware: Route.MiddlewareFunction[] = [requireAuthor];

/** The page views of the last 7, 30 or 365 days (`?days=`, 30 otherwise), a row per day, page and language. */
export function loader({ request, context }: Route.LoaderArgs) {
  const range = audienceRange(new URL(request.url).searchParams.get("days"));
  const now = new Date();
  const { first, last } = rangeDays(range, now);
  return new Response(audienceCsv(servicesOf(context).db, range, now), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8; header=present",
      "Content-Disposition": `attachment; filename="audience-${first}-${last}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
