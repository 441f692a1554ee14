import { data } from "react-router";
import { clearSessionCookies } from "~/server/auth/cookies.server.ts";
import { authenticate, renewalCookies } from "~/server/auth/guard.server.ts";
import { servicesOf } from "~/server/request-context.server.ts";
import type { Route } from "./+types/auth-me";

/**
 * Who is signed in, for static pages that cannot know: asked after hydration
 * when the "signed in" hint cookie is present. The answer also corrects the
 * hint (renewed with the session, or removed when the session is gone).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = servicesOf(context);
  const session = await authenticate(request, app);
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  const cookies = session ? renewalCookies(request, session, app) : clearSessionCookies(app.auth.secureCookies);
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  const user = session ? { login: session.user.login, name: session.user.name } : null;
  return data({ user }, { headers });
}
