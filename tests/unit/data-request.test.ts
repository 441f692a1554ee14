import { describe, expect, it } from "vitest";
import { dataPathOf, isDataRequest, pagePathOf } from "~/lib/data-request.ts";

describe("React Router's data requests", () => {
  it.each([
    ["/en/about.data", true, "/en/about"],
    ["/en.data", true, "/en"],
    ["/_.data", true, "/"],
    ["/blog/_.data", true, "/blog/"],
    ["/blog/x_.data", true, "/blog/x_"],
    ["/en/about", false, "/en/about"],
    ["/blog/", false, "/blog/"],
    ["/data", false, "/data"],
  ])("%s: a data request %s, of %s", (path, data, page) => {
    expect(isDataRequest(path)).toBe(data);
    expect(pagePathOf(path)).toBe(page);
    if (data) expect(dataPathOf(page)).toBe(path);
  });
});
