/**
 * Contact messages in the database: stored when a visitor sends one, listed,
 * marked read and deleted by authors. Messages belong to the site, not to one
 * author: every signed-in author sees the same inbox.
 */
import { and, count, desc, eq, gte, isNull, sql } from "drizzle-orm";
import type { Lang } from "../../i18n/paths.ts";
import type { ContactInput } from "../../lib/contact-input.ts";
import type { Database } from "../db/client.server.ts";
import { type ContactMessage, contactMessages } from "../db/schema.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// The inbox shows the newest ones; older messages stay stored and return as newer ones are deleted.
const LIST_LIMIT = 500;

/** Ids come from forms; anything that is not a UUID cannot name a message. */
export function isMessageId(id: string): boolean {
  return UUID.test(id);
}

export interface NewMessage extends ContactInput {
  lang: Lang;
  ipHash: string;
  /** Whether an e-mail is due (SMTP configured); otherwise the message is only listed in the admin. */
  deliver: boolean;
}

/** Stores an accepted message; it is durable once this resolves. */
export async function storeMessage(db: Database, input: NewMessage, now = new Date()): Promise<ContactMessage> {
  const { deliver, ...fields } = input;
  const [row] = await db
    .insert(contactMessages)
    .values({ ...fields, createdAt: now, nextAttemptAt: deliver ? now : null })
    .returning();
  if (!row) throw new Error("Inserting a contact message returned no row");
  return row;
}

/**
 * The id of a message with the same sender (IP hash), name, e-mail and text
 * stored since `since`: the same form sent again, as a browser or a visitor
 * does when the answer to the first send was lost.
 */
export async function findResent(
  db: Database,
  input: Pick<NewMessage, "name" | "email" | "message" | "ipHash">,
  since: Date,
): Promise<string | undefined> {
  const [row] = await db
    .select({ id: contactMessages.id })
    .from(contactMessages)
    .where(
      and(
        gte(contactMessages.createdAt, since),
        eq(contactMessages.ipHash, input.ipHash),
        eq(contactMessages.email, input.email),
        eq(contactMessages.name, input.name),
        eq(contactMessages.message, input.message),
      ),
    )
    .limit(1);
  return row?.id;
}

/** The inbox, newest first. */
export function listMessages(db: Database): Promise<ContactMessage[]> {
  return db
    .select()
    .from(contactMessages)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(LIST_LIMIT);
}

export async function countUnread(db: Database): Promise<number> {
  const [row] = await db.select({ value: count() }).from(contactMessages).where(isNull(contactMessages.readAt));
  return row?.value ?? 0;
}

/** Marks a message read (once: the first reading time stays). False when there is no such message. */
export async function markMessageRead(db: Database, id: string, now = new Date()): Promise<boolean> {
  if (!isMessageId(id)) return false;
  const [row] = await db
    .update(contactMessages)
    .set({ readAt: sql`coalesce(${contactMessages.readAt}, ${now.toISOString()}::timestamptz)` })
    .where(eq(contactMessages.id, id))
    .returning({ id: contactMessages.id });
  return row !== undefined;
}

/** Deletes a message for good. False when there is no such message. */
export async function deleteMessage(db: Database, id: string): Promise<boolean> {
  if (!isMessageId(id)) return false;
  const deleted = await db
    .delete(contactMessages)
    .where(eq(contactMessages.id, id))
    .returning({ id: contactMessages.id });
  return deleted.length > 0;
}
