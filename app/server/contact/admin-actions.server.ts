/**
 * What the messages admin's form posts do: mark a message read or delete it,
 * each answered with a message in the author's language. Only reached through
 * the author guard of the admin route.
 */
import type { Dictionary } from "../../i18n/index.ts";
import type { Database } from "../db/client.server.ts";
import { deleteMessage, markMessageRead } from "./messages.server.ts";

export interface MessageActionBody {
  ok: boolean;
  intent: string;
  message: string;
}

type Texts = Dictionary["contact"]["admin"];

/** @example await messageAdminAction(db, form, pt.contact.admin) */
export async function messageAdminAction(
  db: Database,
  form: FormData,
  texts: Texts,
): Promise<{ status: number; body: MessageActionBody }> {
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  const reply = (status: number, ok: boolean, message: string) => ({ status, body: { ok, intent, message } });

  if (intent === "mark-read") {
    if (!(await markMessageRead(db, id))) return reply(404, false, texts.errors.notFound);
    return reply(200, true, texts.toasts.markedRead);
  }
  if (intent === "delete") {
    if (!(await deleteMessage(db, id))) return reply(404, false, texts.errors.notFound);
    return reply(200, true, texts.toasts.deleted);
  }
  return reply(400, false, texts.errors.unknownIntent);
}
