/**
 * An import's batches made before its transaction
 * (docs/decisions/086-an-import-whose-transaction-only-writes.md): read back
 * in the order written, dates as dates (and a text that looks like one
 * stays text), the file gone once closed.
 */
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PreparedBatches } from "../../app/server/transfer/prepared-batches.server.ts";

describe("the import's prepared batches", () => {
  it("gives back each batch in order, its dates revived, and removes its file", async () => {
    const batches = new PreparedBatches<{ title: string; at: Date | null; note: string; nested: { at: Date }[] }[]>();
    const first = [
      {
        title: "Olá, São Paulo",
        at: new Date("2021-07-04T12:00:00.123Z"),
        note: "2021-07-04T12:00:00.000Z",
        nested: [{ at: new Date(0) }],
      },
    ];
    const second = [{ title: "Segundo", at: null, note: '{"$date":1}', nested: [] }];
    batches.add(first);
    batches.add(second);
    const read: unknown[] = [];
    for await (const batch of batches.read()) read.push(batch);
    expect(read).toEqual([first, second]);
    const post = (read as (typeof first)[])[0]?.[0];
    expect(post?.at).toBeInstanceOf(Date);
    expect(typeof post?.note, "a text that reads as a date stays text").toBe("string");
    expect(existsSync(batches.dir)).toBe(true);
    batches.close();
    expect(existsSync(batches.dir)).toBe(false);
  });

  it("reads nothing when nothing was added", async () => {
    const batches = new PreparedBatches<number[]>();
    const read: number[][] = [];
    for await (const batch of batches.read()) read.push(batch);
    expect(read).toEqual([]);
    batches.close();
  });
});
