import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { runTypewriter } from "~/lib/typewriter.ts";

describe("runTypewriter", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("holds the first name 2000 ms, deletes at 80 ms, types the next at 120 ms, and cycles", () => {
    const seen: [number, string][] = [];
    const start = Date.now();
    const stop = runTypewriter(["Ana Lu", "Bia"], (text) => seen.push([Date.now() - start, text]));

    vi.advanceTimersByTime(1999);
    expect(seen).toEqual([]);

    vi.advanceTimersByTime(1 + 5 * 80 + 3 * 120 + 2000 + 3 * 80 + 5 * 120);
    expect(seen).toEqual([
      // "Ana Lu" has been on screen since the start (it is the prerendered text).
      [2000, "Ana L"],
      [2080, "Ana "],
      [2160, "Ana"],
      [2240, "An"],
      [2320, "A"],
      [2400, ""],
      [2520, "B"],
      [2640, "Bi"],
      [2760, "Bia"],
      [4760, "Bi"],
      [4840, "B"],
      [4920, ""],
      [5040, "A"],
      [5160, "An"],
      [5280, "Ana"],
      [5400, "Ana "],
      [5520, "Ana L"],
    ]);

    stop();
    vi.advanceTimersByTime(10_000);
    expect(seen.length).toBe(17);
  });

  it("cycles the site's two names", async () => {
    const { site } = await import("~/site.config.ts");
    const texts: string[] = [];
    const stop = runTypewriter(site.typewriterNames, (text) => texts.push(text));
    vi.advanceTimersByTime(60_000);
    stop();
    expect(texts).toContain("Rafa Werneck");
    expect(texts).toContain("Rafael Werneck");
    expect(texts.every((text) => site.typewriterNames.some((name) => name.startsWith(text)))).toBe(true);
  });
});
