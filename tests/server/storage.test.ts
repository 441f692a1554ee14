import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { localDiskStorage } from "../../app/server/uploads/storage.server.ts";

describe("localDiskStorage", () => {
  const root = mkdtempSync(path.join(tmpdir(), "portfolio-storage-"));
  const storage = localDiskStorage(root);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("gets back the bytes it put, and undefined for a key it does not hold", async () => {
    const bytes = new Uint8Array([0, 1, 2, 250, 255]);
    await storage.put("og-images/post/abc.png", bytes);
    const read = await storage.get("og-images/post/abc.png");
    expect(read).toBeInstanceOf(Uint8Array);
    expect(Array.from(read ?? [])).toEqual(Array.from(bytes));
    expect(await storage.get("og-images/post/other.png")).toBeUndefined();
    expect(await storage.get("og-images/missing/abc.png")).toBeUndefined();
    // A key under what is a file: nothing there either.
    expect(await storage.get("og-images/post/abc.png/inner")).toBeUndefined();
  });

  it("sees a put replace the bytes, and a delete remove them", async () => {
    await storage.put("og-images/post/replaced.png", new Uint8Array([1]));
    await storage.put("og-images/post/replaced.png", new Uint8Array([2, 3]));
    expect(Array.from((await storage.get("og-images/post/replaced.png")) ?? [])).toEqual([2, 3]);
    await storage.delete("og-images/post/replaced.png");
    expect(await storage.get("og-images/post/replaced.png")).toBeUndefined();
  });

  it("never reads outside its directory", async () => {
    for (const key of ["../outside.txt", "og-images/../../outside.txt", "/etc/passwd", "a\0b", ""]) {
      await expect(storage.get(key)).rejects.toThrow(/Unsafe storage key/);
    }
  });
});
