import { startedCookieIfMissing } from "~/server/contact/started.server.ts";
import { servicesOf } from "~/server/request-context.server.ts";
import { contactServices } from "~/server/services.server.ts";
import type { Route } from "./+types/contact-started";

// The smallest transparent GIF: the page shows nothing, the request is what counts.
const PIXEL = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

/**
 * The contact form's image: starts the form's fill-time clock in a signed
 * cookie, so the minimum fill time works on the prerendered page, with or
 * without JavaScript.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const app = servicesOf(context);
  const headers = new Headers({ "Content-Type": "image/gif", "Cache-Control": "no-store" });
  const cookie = startedCookieIfMissing(
    contactServices(app).secret,
    request.headers.get("Cookie"),
    Date.now(),
    app.auth.secureCookies,
  );
  if (cookie) headers.append("Set-Cookie", cookie);
  return new Response(PIXEL, { headers });
}
