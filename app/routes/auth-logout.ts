import { redirect } from "react-router";
import { isLang } from "~/i18n/paths.ts";
import { signOut } from "~/server/auth/sign-in.server.ts";
import { acceptedLang, readForm } from "~/server/form.server.ts";
import { servicesOf } from "~/server/request-context.server.ts";
import type { Route } from "./+types/auth-logout";

/** The header's Sair form posts here. */
export async function action({ request, context }: Route.ActionArgs) {
  const lang = (await readForm(request, acceptedLang(request))).get("lang");
  return signOut(request, isLang(lang) ? lang : "pt", servicesOf(context));
}

export function loader() {
  return redirect("/");
}
