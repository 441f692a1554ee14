/**
 * What the trash's forms post: `trash` moves a post to the trash (the list's
 * delete), `untrash` restores it (the toast's undo, the trash's Restaurar),
 * `delete-forever` deletes it for good. (`restore` is the editor's: a revision.)
 * Each answer carries a message in the author's language; another author's
 * post, or one not in the state the form expects, is not found.
 */
import type { Dictionary } from "~/i18n";
import type { User } from "../db/schema.ts";
import type { AppServices } from "../services.server.ts";
import { deleteForever, restoreTrashedPost, trashPost } from "./trash.server.ts";

export interface TrashActionBody {
  ok: boolean;
  intent: string;
  message: string;
  /** The post the action was about, for an undo. */
  id?: string;
}

const reply = (status: number, body: TrashActionBody) => ({ status, body });

export async function trashAction(
  { db, uploads }: Pick<AppServices, "db" | "uploads">,
  form: FormData,
  author: User,
  messages: Dictionary["admin"],
) {
  const texts = messages.manage;
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  const done = (post: { id: string } | undefined, message: string) =>
    post
      ? reply(200, { ok: true, intent, message, id: post.id })
      : reply(404, { ok: false, intent, message: texts.notFound });
  switch (intent) {
    case "trash":
      return done(await trashPost(db, author.id, id), texts.moved);
    case "untrash":
      return done(await restoreTrashedPost(db, author.id, id), texts.restored);
    case "delete-forever":
      return done(await deleteForever(db, uploads, author.id, id), texts.trash.deletedForever);
    default:
      return reply(400, { ok: false, intent, message: messages.errors.unknownIntent });
  }
}
