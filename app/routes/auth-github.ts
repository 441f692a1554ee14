import { redirect } from "react-router";
import { isLang } from "~/i18n/paths.ts";
import { startSignIn } from "~/server/auth/sign-in.server.ts";
import { acceptedLang, readForm } from "~/server/form.server.ts";
import { clientIpContext, servicesOf } from "~/server/request-context.server.ts";
import type { Route } from "./+types/auth-github";

/** The header's Login form posts here, with the page's language. */
export async function action({ request, context }: Route.ActionArgs) {
  const lang = (await readForm(request, acceptedLang(request))).get("lang");
  return startSignIn(isLang(lang) ? lang : "pt", context.get(clientIpContext), servicesOf(context));
}

// Sign-in starts only from the form, so a crawler or a prefetch never begins a flow.
export function loader() {
  return redirect("/");
}
