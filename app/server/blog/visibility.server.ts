/**
 * Which posts readers may see now. Relative imports only: the link-preview
 * clean-up loads this in plain Node, outside the app's bundle.
 */
import { type SQL, sql } from "drizzle-orm";
import { blogs } from "../db/schema.ts";

/**
 * Published, and, for a post scheduled for later (published with a
 * `published_at` still ahead), only from that moment on.
 */
export const publicNow: SQL = sql`(${blogs.published} and coalesce(${blogs.publishedAt}, ${blogs.createdAt}) <= now())`;
