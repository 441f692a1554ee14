/**
 * What the admin screen's form posts do: create, update and delete the
 * author's posts, each answered with a message in the author's language and,
 * for a refused form, the error of each field. Nothing is half-written: a
 * refused request changes nothing.
 */
import type { Dictionary } from "~/i18n";
import { parsePostInput } from "~/lib/post-input.ts";
import type { Database } from "../db/client.server.ts";
import type { User } from "../db/schema.ts";
import { autosaves } from "../metrics.server.ts";
import { services } from "../services.server.ts";
import type { ObjectStorage } from "../uploads/storage.server.ts";
import { removeCover } from "./covers.server.ts";
import { coverInUse, createPost, deletePost, restoreRevision, type SaveResult, updatePost } from "./posts.server.ts";

export interface ActionBody {
  ok: boolean;
  intent: string;
  message: string;
  fieldErrors?: Record<string, string>;
  /** The saved post's id and version, for the editor's next save (an autosave keeps the form open). */
  saved?: { id: string; updatedAt: string; pending: boolean };
}

type Messages = Dictionary["admin"];

const reply = (status: number, body: ActionBody) => ({ status, body });

function saveReply(intent: string, result: SaveResult, messages: Messages) {
  switch (result.status) {
    case "saved":
      if (intent === "autosave") autosaves.inc();
      return reply(200, {
        ok: true,
        intent,
        saved: { id: result.post.id, updatedAt: result.post.updatedAt.toISOString(), pending: Boolean(result.pending) },
        message:
          { create: messages.toasts.created, restore: messages.toasts.restored }[intent] ?? messages.toasts.updated,
      });
    case "slug-taken":
      return reply(409, {
        ok: false,
        intent,
        message: messages.errors.slugTaken,
        fieldErrors: { slug: messages.errors.slugTaken },
      });
    case "stale":
      return reply(409, { ok: false, intent, message: messages.errors.stale });
    case "not-found":
      return reply(404, { ok: false, intent, message: messages.errors.notFound });
    case "already-public":
      return reply(409, {
        ok: false,
        intent,
        message: messages.errors.alreadyPublic,
        fieldErrors: { scheduledAt: messages.errors.alreadyPublic },
      });
    case "translation-not-found":
    case "translation-same-lang":
    case "translation-taken": {
      const message = {
        "translation-not-found": messages.errors.translationNotFound,
        "translation-same-lang": messages.errors.translationSameLang,
        "translation-taken": messages.errors.translationTaken,
      }[result.status];
      return reply(409, { ok: false, intent, message, fieldErrors: { translationOf: message } });
    }
  }
}

/** Removes a cover no post shows any more (a translation may share its original's cover). */
async function releaseCover(uploads: ObjectStorage, db: Database, url: string | null) {
  if (url && !(await coverInUse(db, url))) await removeCover(uploads, url);
}

/** The version of the post the editor loaded (its `updated_at`); a form without a readable one is stale. */
function editedVersion(form: FormData): Date | undefined {
  const expected = new Date(String(form.get("updatedAt") ?? ""));
  return Number.isNaN(expected.getTime()) ? undefined : expected;
}

export async function savePostAction(form: FormData, author: User, messages: Messages) {
  const { db, uploads } = services();
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");

  if (intent === "delete") {
    const deleted = await deletePost(db, author.id, id);
    if (!deleted) return reply(404, { ok: false, intent, message: messages.errors.notFound });
    await releaseCover(uploads, db, deleted.coverImage);
    return reply(200, { ok: true, intent, message: messages.toasts.deleted });
  }

  if (intent === "restore") {
    const expected = editedVersion(form);
    if (!expected) return reply(409, { ok: false, intent, message: messages.errors.stale });
    const result = await restoreRevision(db, author.id, id, String(form.get("revisionId") ?? ""), expected);
    if (result.status === "not-found") {
      return reply(404, { ok: false, intent, message: messages.errors.revisionNotFound });
    }
    if (result.status === "saved") await releaseCover(uploads, db, result.replacedCover);
    return saveReply(intent, result, messages);
  }

  if (intent !== "create" && intent !== "update" && intent !== "autosave") {
    return reply(400, { ok: false, intent, message: messages.errors.unknownIntent });
  }
  const parsed = parsePostInput(form, author.id, messages.errors);
  if (!parsed.ok)
    return reply(400, { ok: false, intent, message: messages.errors.fixFields, fieldErrors: parsed.errors });

  // An autosave goes through the same checks as a save; it never publishes (posts.server.ts).
  const mode = intent === "autosave" ? "autosave" : "save";
  // With no id it is a new post; "create" with an id finishes one an autosave began.
  if (!id && (intent === "create" || intent === "autosave")) {
    return saveReply(intent, await createPost(db, author.id, parsed.value, mode), messages);
  }

  const expected = editedVersion(form);
  if (!expected) return reply(409, { ok: false, intent, message: messages.errors.stale });
  const result = await updatePost(db, author.id, id, parsed.value, expected, mode);
  if (result.status === "saved") await releaseCover(uploads, db, result.replacedCover);
  return saveReply(intent, result, messages);
}
