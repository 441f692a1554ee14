/**
 * The posts of an import kept on disk while it is checked and written
 * (docs/decisions/082-an-import-held-one-post-at-a-time.md,
 * docs/decisions/089-an-import-that-holds-keys-not-posts.md): each post is
 * written as a line of JSON to a temporary file as its reader makes it, and
 * what the dry run and the choice of slugs read of it (its title, slug,
 * language, dates, tags, images and old addresses, not its text or
 * revisions) as a line of a second, smaller file. Nothing of a post stays
 * in memory: every pass reads the lines back one at a time, with the
 * revisions a reader made at its end applied as they are read, so memory
 * follows the largest post, not the number of posts.
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
  readonly #dir: string;
  readonly #texts: string;
  readonly #summaries: string;
  #fds: { texts: number; summaries: number } | undefined;
  #count = 0;
  readonly #changes: ((post: PostSummary, index: number) => void)[] = [];

  readonly #onAdd: ((count: number) => void) | undefined;

  /** `onAdd`: told the number of posts kept so far after each post. */
  constructor(onAdd?: (count: number) => void) {
    this.#onAdd = onAdd;
    this.#dir = mkdtempSync(path.join(os.tmpdir(), "blog-import-spool-"));
    this.#texts = path.join(this.#dir, "posts.jsonl");
    this.#summaries = path.join(this.#dir, "summaries.jsonl");
    this.#fds = { texts: openSync(this.#texts, "w"), summaries: openSync(this.#summaries, "w") };
  }

  /** How many posts were added. */
  get count(): number {
    return this.#count;
  }

  add(post: ImportedPost): void {
    if (this.#fds === undefined) throw new Error("The spool is closed");
    writeSync(this.#fds.texts, `${JSON.stringify(post)}\n`);
    writeSync(this.#fds.summaries, `${JSON.stringify(summaryOf(post))}\n`);
    this.#count += 1;
    this.#onAdd?.(this.#count);
  }

  /** Kept, and applied to each post as it is read back, its summary and its texts alike. */
  revise(change: (post: PostSummary, index: number) => void): void {
    this.#changes.push(change);
  }

  /** What the dry run reads of every post, in the order added, each as the revisions left it. */
  summaries(): AsyncGenerator<PostSummary> {
    return this.#read<PostSummary>(this.#summaries);
  }

  /** Every post whole, in the order added, each as the revisions left it. */
  texts(): AsyncGenerator<ImportedPost> {
    return this.#read<ImportedPost>(this.#texts);
  }

  async *#read<T extends PostSummary>(file: string): AsyncGenerator<T> {
    if (this.#count === 0) return;
    this.#closeFiles();
    const lines = createInterface({ input: createReadStream(file), crlfDelay: Number.POSITIVE_INFINITY });
    let index = 0;
    for await (const line of lines) {
      if (!line) continue;
      const post = revive<T>(line);
      for (const change of this.#changes) change(post, index);
      index += 1;
      yield post;
    }
  }

  /** Forgets every post (a reader met a fault that stops it). */
  clear(): void {
    this.close();
    this.#count = 0;
    this.#changes.length = 0;
  }

  #closeFiles(): void {
    if (this.#fds === undefined) return;
    closeSync(this.#fds.texts);
    closeSync(this.#fds.summaries);
    this.#fds = undefined;
  }

  close(): void {
    this.#closeFiles();
    rmSync(this.#dir, { recursive: true, force: true });
  }
}
