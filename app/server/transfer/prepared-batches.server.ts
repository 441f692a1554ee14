/**
 * An import's rows made before its transaction
 * (docs/decisions/086-an-import-whose-transaction-only-writes.md): each
 * batch of posts, read back from the spool, its images' addresses
 * rewritten, its rows, revisions and old addresses made, is written to a
 * temporary file as a line of JSON (its dates kept as dates), so the
 * transaction reads a line and writes it, and memory holds one batch.
 */
import { closeSync, createReadStream, mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";

/** JSON.stringify's replacer sees a Date already turned to text; its holder still has the Date. */
function keepDates(this: Record<string, unknown>, key: string, value: unknown): unknown {
  const raw = this[key];
  return raw instanceof Date ? { $date: raw.getTime() } : value;
}

function reviveDates(_key: string, value: unknown): unknown {
  if (value && typeof value === "object" && "$date" in value && Object.keys(value).length === 1) {
    return new Date((value as { $date: number }).$date);
  }
  return value;
}

export class PreparedBatches<T> {
  /** Where the batches lie until closed. */
  readonly dir = mkdtempSync(path.join(os.tmpdir(), "blog-import-batches-"));
  readonly #file = path.join(this.dir, "batches.jsonl");
  #fd: number | undefined = openSync(this.#file, "w");
  count = 0;

  add(batch: T): void {
    if (this.#fd === undefined) throw new Error("The batches are closed");
    writeSync(this.#fd, `${JSON.stringify(batch, keepDates)}\n`);
    this.count += 1;
  }

  /** Each batch in the order added. */
  async *read(): AsyncGenerator<T> {
    if (this.#fd !== undefined) {
      closeSync(this.#fd);
      this.#fd = undefined;
    }
    if (this.count === 0) return;
    const lines = createInterface({ input: createReadStream(this.#file), crlfDelay: Number.POSITIVE_INFINITY });
    for await (const line of lines) if (line) yield JSON.parse(line, reviveDates) as T;
  }

  close(): void {
    if (this.#fd !== undefined) closeSync(this.#fd);
    this.#fd = undefined;
    rmSync(this.dir, { recursive: true, force: true });
  }
}
