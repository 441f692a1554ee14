import { describe, expect, it } from "vitest";
import { renderCached, renderCacheSize } from "~/server/blog/render-cache.server.ts";

describe("renderCached", () => {
  it("renders once per version and language, and again when the version changes", async () => {
    const first = await renderCached("db:1:100", "**one**", "pt");
    expect(first.html).toBe("<p><strong>one</strong></p>");
    // Same version: the stored render comes back even if the text passed differs.
    expect(await renderCached("db:1:100", "**changed**", "pt")).toBe(first);
    expect((await renderCached("db:1:101", "**changed**", "pt")).html).toBe("<p><strong>changed</strong></p>");
    expect(await renderCached("db:1:100", "```\nx\n```", "en")).not.toBe(first);
  });

  it("holds a bounded number of renders", async () => {
    for (let i = 0; i < 400; i++) await renderCached(`bulk:${i}`, `text ${i}`, "en");
    expect(renderCacheSize()).toBeLessThanOrEqual(256);
  });
});
