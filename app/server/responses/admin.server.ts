/**
 * The author's moderation, from the admin's Responses page: approve or
 * reject a response, block its account or its instance (everything of it
 * removed), lift a block, and answer a reply (app/server/fediverse/answer.server.ts).
 * Every change to what readers see forgets the cached pages.
 */

import { eq } from "drizzle-orm";
import { format } from "../../i18n/format.ts";
import type { Dictionary } from "../../i18n/index.ts";
import { invalidatePublicPages } from "../blog/page-cache.server.ts";
import type { Database } from "../db/client.server.ts";
import { responses } from "../db/schema.ts";
import { ANSWER_MAX_LENGTH, type FediverseAnswers } from "../fediverse/types.server.ts";
import { block, deleteResponse, findResponse, setResponseStatus, unblock } from "./responses.server.ts";

type Texts = Dictionary["admin"]["responses"];

export interface ResponseActionBody {
  ok: boolean;
  intent: string;
  message: string;
  /** The response the answer belongs to. */
  id?: string;
}

export interface ResponseActionContext {
  /** The author's answers through the fediverse; undefined with FEDERATION=off. */
  answers: FediverseAnswers | undefined;
  /** Wakes the delivery worker after an answer. */
  wake: () => void;
}

const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** One moderation action: its HTTP status and what the page says. */
export async function responseAdminAction(
  db: Database,
  form: FormData,
  texts: Texts,
  context: ResponseActionContext,
): Promise<{ status: number; body: ResponseActionBody }> {
  const intent = field(form, "intent");
  const answer = (status: number, message: string, id?: string) => ({
    status,
    body: { ok: status < 400, intent, message, ...(id ? { id } : {}) },
  });
  if (intent === "unblock") {
    const kind = field(form, "kind");
    const value = field(form, "value");
    if ((kind !== "account" && kind !== "instance") || !value) return answer(400, texts.invalid);
    await unblock(db, kind, value);
    return answer(200, texts.unblocked);
  }
  const id = field(form, "id");
  if (!UUID.test(id)) return answer(400, texts.invalid);
  const response = await findResponse(db, id);
  if (!response) return answer(404, texts.notFound, id);
  // Deleting or rejecting a reply the author answered withdraws the answer from the fediverse first (decision 081).
  if ((intent === "delete" || intent === "reject") && context.answers) {
    if ((await context.answers.withdraw(id)) > 0) context.wake();
  }
  switch (intent) {
    case "approve":
    case "reject":
      await setResponseStatus(db, id, intent === "approve" ? "approved" : "rejected");
      invalidatePublicPages();
      return answer(200, intent === "approve" ? texts.approved : texts.rejected, id);
    case "delete":
      await deleteResponse(db, id);
      invalidatePublicPages();
      return answer(200, texts.deleted, id);
    case "block-account":
    case "block-instance": {
      const value = intent === "block-account" ? response.authorActor : response.instance;
      if (!value) return answer(400, texts.invalid, id);
      // Their replies go: the author's answers to them are withdrawn first (decision 081).
      if (context.answers) {
        const theirs = intent === "block-account" ? eq(responses.authorActor, value) : eq(responses.instance, value);
        if ((await context.answers.withdrawTo(theirs)) > 0) context.wake();
      }
      await block(db, intent === "block-account" ? "account" : "instance", value);
      invalidatePublicPages();
      return answer(200, texts.blocked, id);
    }
    case "answer": {
      const text = field(form, "text");
      if (!text) return answer(400, texts.answerEmpty, id);
      if (text.length > ANSWER_MAX_LENGTH)
        return answer(400, format(texts.answerTooLong, { max: ANSWER_MAX_LENGTH }), id);
      if (!context.answers || response.kind !== "reply" || response.local) return answer(400, texts.invalid, id);
      // An answer shows under the post: the reply it answers shows too.
      if (response.status !== "approved") await setResponseStatus(db, id, "approved");
      await context.answers.answer(response, text);
      invalidatePublicPages();
      context.wake();
      return answer(200, texts.answered, id);
    }
    default:
      return answer(400, texts.invalid, id);
  }
}
