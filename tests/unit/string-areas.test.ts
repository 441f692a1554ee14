import { describe, expect, it } from "vitest";
import { stringAreasFor } from "~/i18n";

describe("the strings a page loads before hydrating", () => {
  it.each([
    ["/", ["home"]],
    ["/en", ["home"]],
    ["/about", ["portfolio"]],
    ["/en/services/consulting", ["portfolio"]],
    ["/projects/site-da-fam%C3%ADlia-werneck", ["portfolio"]],
    ["/contact", ["portfolio", "contact"]],
    ["/en/contact", ["portfolio", "contact"]],
    ["/blog", ["blog", "newsletter"]],
    ["/en/blog/bot-discord", ["blog", "newsletter"]],
    ["/blog/tag/docker", ["blog", "newsletter"]],
    ["/en/blog/search", ["blog", "newsletter"]],
    ["/newsletter", ["newsletter"]],
    ["/en/newsletter/confirm", ["newsletter"]],
    ["/admin/blog", ["admin", "contact", "blog", "newsletter"]],
    ["/en/admin/messages", ["admin", "contact", "blog", "newsletter"]],
    ["/no-such-page", []],
  ])("%s loads the shell and %j", (path, areas) => {
    expect(stringAreasFor(path)).toEqual(areas);
  });
});
