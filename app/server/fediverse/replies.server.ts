/** The approved replies of a post or static article as its Article's `replies` collection names them: their Notes' addresses. */
import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { responses } from "../db/schema.ts";
import { type ResponseSubject, subjectIs } from "../responses/subject.server.ts";

export async function approvedReplyIds(db: Database, subject: ResponseSubject): Promise<string[]> {
  const rows = await db
    .select({ sourceUrl: responses.sourceUrl })
    .from(responses)
    .where(and(subjectIs(responses, subject), eq(responses.kind, "reply"), eq(responses.status, "approved")))
    .orderBy(asc(responses.createdAt));
  return rows.map((row) => row.sourceUrl);
}
