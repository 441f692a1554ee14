import { finishSignIn } from "~/server/auth/sign-in.server.ts";
import { clientIpContext, servicesOf } from "~/server/request-context.server.ts";
import type { Route } from "./+types/auth-github-callback";

/** GitHub sends the browser back here after the consent page. */
export function loader({ request, context }: Route.LoaderArgs) {
  return finishSignIn(request, context.get(clientIpContext), servicesOf(context));
}
