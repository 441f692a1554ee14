import { describe, expect, it } from "vitest";
import { encodePath } from "../../bench/routes.ts";

describe("encodePath", () => {
  it("percent-encodes a page path's non-ASCII segments", () => {
    expect(encodePath("/blog/tag/programação")).toBe("/blog/tag/programa%C3%A7%C3%A3o");
    expect(encodePath("/")).toBe("/");
  });

  it("keeps a query a query, its value encoded as a browser sends it", () => {
    expect(encodePath("/en/blog/search?q=cloud")).toBe("/en/blog/search?q=cloud");
    expect(encodePath("/blog/search?q=ação rápida")).toBe("/blog/search?q=a%C3%A7%C3%A3o%20r%C3%A1pida");
  });
});
