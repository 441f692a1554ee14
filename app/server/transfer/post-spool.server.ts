/**
 * The posts of an import kept on disk while it is checked and written
 * (docs/decisions/082-an-import-held-one-post-at-a-time.md): each post is
 * written as a line of JSON to a temporary file as its reader makes it, and
 * only what the dry run and the choice of slugs need stays in memory (its
 * title, slug, language, dates, tags, images and old addresses, not its
 * text or revisions). The import reads the lines back one at a time, so
 * memory follows the largest post, not the number of posts.
 */
import { closeSync, createReadStream, mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import type { ImportedPost, PostSink, PostSummary } from "./import-types.server.ts";

const DATES = ["publishedAt", "createdAt", "updatedAt", "editedAt", "trashedAt"] as const;

/** A post's line read back: its dates made dates again. */
function revive<T extends PostSummary>(line: string): T {
  const post = JSON.parse(line) as T & Record<(typeof DATES)[number], string | null>;
  for (const key of DATES) {
    const value = post[key] as unknown;
    (post as Record<string, unknown>)[key] = value === null ? null : new Date(value as string);
  }
  if (post.redirects) {
    for (const redirect of post.redirects) redirect.created = new Date(redirect.created as unknown as string);
  }
  return post;
}

const summaryOf = (post: ImportedPost): PostSummary => {
  const { content, excerpt, seoDescription, socialTitle, socialDescription, revisions, ...summary } = post;
  return summary;
};

export class PostSpool implements PostSink {
  readonly summaries: PostSummary[] = [];
  readonly #dir: string;
  readonly #file: string;
  #fd: number | undefined;
  readonly #changes: ((post: PostSummary, index: number) => void)[] = [];

  readonly #onAdd: ((count: number) => void) | undefined;

  /** `onAdd`: told the number of posts kept so far after each post. */
  constructor(onAdd?: (count: number) => void) {
    this.#onAdd = onAdd;
    this.#dir = mkdtempSync(path.join(os.tmpdir(), "blog-import-spool-"));
    this.#file = path.join(this.#dir, "posts.jsonl");
    this.#fd = openSync(this.#file, "w");
  }

  add(post: ImportedPost): void {
    if (this.#fd === undefined) throw new Error("The spool is closed");
    writeSync(this.#fd, `${JSON.stringify(post)}\n`);
    // Copied through JSON, so the summary holds strings of its own: an image's address sliced from the post's
    // text would keep that whole text alive (a 16 KB post with an image held 21 KB of heap, not 1 KB).
    this.summaries.push(revive(JSON.stringify(summaryOf(post))));
    this.#onAdd?.(this.summaries.length);
  }

  revise(change: (post: PostSummary, index: number) => void): void {
    this.summaries.forEach(change);
    this.#changes.push(change);
  }

  /** Every post whole, in the order added, each as the revisions left it. */
  async *texts(): AsyncGenerator<ImportedPost> {
    if (this.summaries.length === 0) return;
    if (this.#fd !== undefined) {
      closeSync(this.#fd);
      this.#fd = undefined;
    }
    const lines = createInterface({ input: createReadStream(this.#file), crlfDelay: Number.POSITIVE_INFINITY });
    let index = 0;
    for await (const line of lines) {
      if (!line) continue;
      const post = revive<ImportedPost>(line);
      for (const change of this.#changes) change(post, index);
      index += 1;
      yield post;
    }
  }

  /** Forgets every post (a reader met a fault that stops it). */
  clear(): void {
    this.close();
    this.summaries.length = 0;
    this.#changes.length = 0;
  }

  close(): void {
    if (this.#fd !== undefined) closeSync(this.#fd);
    this.#fd = undefined;
    rmSync(this.#dir, { recursive: true, force: true });
  }
}
