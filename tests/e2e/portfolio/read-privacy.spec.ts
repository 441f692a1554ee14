import { privacy } from "../../../app/content/privacy.ts";
import { en } from "../../../app/i18n/en.ts";
import { languages, localizePath } from "../../../app/i18n/paths.ts";
import { pt } from "../../../app/i18n/pt.ts";
import { site } from "../../../app/site.config.ts";
import { expect, storePreferences, test, waitForHydration } from "../fixtures.ts";

const dictionaries = { pt, en };
const PRIVACY = "/privacidade";

for (const lang of languages) {
  const t = dictionaries[lang];
  const other = lang === "pt" ? "en" : "pt";

  test(`the privacy page says what is stored, section by section, with the owner's address (${lang})`, async ({
    page,
  }) => {
    const response = await page.goto(localizePath(PRIVACY, lang));
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.pages.privacy.heading);
    await expect(page).toHaveTitle(`${t.pages.privacy.title} · Rafael Werneck`);
    const text = page.getByTestId("privacy-text");
    await expect(text.getByRole("heading", { level: 2 })).toHaveText(
      privacy.sections.map((section) => section.title[lang]),
    );
    await expect(text.getByRole("link", { name: site.email }).first()).toHaveAttribute("href", `mailto:${site.email}`);
    await expect(text.getByRole("link", { name: lang === "pt" ? "contato" : "contact", exact: true })).toHaveAttribute(
      "href",
      localizePath("/contact", lang),
    );

    // The contents lead to each section.
    const contents = page.getByRole("navigation", { name: privacy.contentsLabel[lang] });
    const newsletter = privacy.sections.find((section) => section.id === "newsletter");
    await contents.getByRole("link", { name: newsletter?.title[lang] ?? "newsletter" }).click();
    await expect(page).toHaveURL(/#newsletter$/);
    await expect(page.locator("#newsletter")).toBeInViewport();
  });

  test(`the language toggle pairs the two addresses of the privacy page (${lang})`, async ({ page }) => {
    await page.goto(localizePath(PRIVACY, lang));
    await waitForHydration(page);
    await page.getByTestId("language-toggle").click();
    await expect(page).toHaveURL(new RegExp(`${localizePath(PRIVACY, other)}/?$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(dictionaries[other].pages.privacy.heading);
  });

  test(`the contact form links the privacy page (${lang})`, async ({ page }) => {
    await page.goto(localizePath("/contact", lang));
    const note = page.getByTestId("contact-form").getByTestId("privacy-note");
    await expect(note).toContainText(t.privacyNote.text.replace(" {link}.", ""));
    await note.getByRole("link", { name: t.privacyNote.link }).click();
    await expect(page).toHaveURL(new RegExp(`${localizePath(PRIVACY, lang)}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.pages.privacy.heading);
  });
}

test("the other language's slug leads to the page in the address's language", async ({ request }) => {
  for (const [path, location] of [
    ["/privacy", "/privacidade"],
    ["/en/privacidade", "/en/privacy"],
    ["/en/privacidade?ref=mail", "/en/privacy?ref=mail"],
  ] as const) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(301);
    expect(response.headers().location, path).toBe(location);
  }
  expect((await request.get("/privacy/x")).status()).toBe(404);
});

test("a reader who chose English and opens the Portuguese address reads the English page", async ({ page }) => {
  await storePreferences(page, { language: "en" });
  await page.goto(PRIVACY);
  await expect(page).toHaveURL(/\/en\/privacy$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(en.pages.privacy.heading);
});
