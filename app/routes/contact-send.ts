import { contactLang } from "~/lib/contact-input.ts";
import { submitContactMessage } from "~/server/contact/submit.server.ts";
import { clientIpContext, servicesOf } from "~/server/request-context.server.ts";
import type { Route } from "./+types/contact-send";

/**
 * The contact form's script posts here and gets JSON back: `{ ok: true }`
 * once the message is stored, or the refusal in the form's language.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => new FormData());
  const outcome = await submitContactMessage(
    {
      form,
      lang: contactLang(form.get("lang")),
      ip: context.get(clientIpContext),
      cookieHeader: request.headers.get("Cookie"),
    },
    servicesOf(context),
  );
  return Response.json(outcome.reply, { status: outcome.status, headers: outcome.headers });
}
