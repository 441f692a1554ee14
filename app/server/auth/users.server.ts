import type { Database } from "../db/client.server.ts";
import { type User, users } from "../db/schema.ts";

/** What we keep of a GitHub account. */
export interface GitHubProfile {
  githubId: number;
  login: string;
  name: string | null;
  avatarUrl: string | null;
  email: string | null;
}

/**
 * Creates the author on first sign-in and refreshes their profile on every
 * later one, keyed by GitHub's numeric id so a renamed login stays the same user.
 */
export async function upsertGitHubUser(db: Database, profile: GitHubProfile): Promise<User> {
  const { githubId, ...fields } = profile;
  const [user] = await db
    .insert(users)
    .values(profile)
    .onConflictDoUpdate({ target: users.githubId, set: { ...fields, updatedAt: new Date() } })
    .returning();
  if (!user) throw new Error(`Saving GitHub user ${profile.login} returned no row`);
  return user;
}
