/** What the owner sees of the fediverse: followers per language, with their instances. */
import { sql } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";

export interface FollowerSummary {
  lang: string;
  count: number;
  /** The instances followers come from, most followers first (at most 20). */
  instances: { instance: string; count: number }[];
}

export async function followerSummary(db: Database): Promise<FollowerSummary[]> {
  const result = await db.execute(sql`
    select lang, instance, count(*)::int as count from fediverse_followers
    group by lang, instance order by lang, count desc, instance`);
  const rows = (result as { rows: { lang: string; instance: string; count: number }[] }).rows;
  return (["pt", "en"] as const).map((lang) => {
    const own = rows.filter((row) => row.lang === lang);
    return {
      lang,
      count: own.reduce((sum, row) => sum + Number(row.count), 0),
      instances: own.slice(0, 20).map((row) => ({ instance: row.instance, count: Number(row.count) })),
    };
  });
}

/** Followers of both languages, for the Audience page. */
export async function followerCount(db: Database): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as count from fediverse_followers`);
  return Number((result as { rows: { count: number }[] }).rows[0]?.count ?? 0);
}
