import { languages, localizePath } from "../../../app/i18n/paths.ts";
import { headingSkips, htmlErrors } from "../../helpers/vnu.ts";
import { openNewPostForm } from "../admin/helpers.ts";
import { expect, restoreSession, test } from "../fixtures.ts";

/**
 * The pages as the server sends them, public and signed in, are checked by the W3C Nu Html Checker over HTTP
 * (tests/server/valid-html.test.ts). The admin's post form is built by the browser: checked here as it is.
 */
test("the post form, as the browser builds it, is valid HTML and skips no heading level", async ({ page }) => {
  await restoreSession(page);
  const pages = new Map<string, string>();
  for (const lang of languages) {
    await openNewPostForm(page, lang);
    pages.set(`${localizePath("/admin/blog", lang)} (form open)`, await page.content());
  }
  const errors = await htmlErrors(pages);
  expect(errors, errors.join("\n")).toEqual([]);
  // The outline never skips a level on the way down (h1 then h3 hides a section from heading navigation).
  const skips = headingSkips(pages);
  expect(skips, skips.join("\n")).toEqual([]);
});
