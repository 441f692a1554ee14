import { en } from "../../../app/i18n/en.ts";
import { localizePath } from "../../../app/i18n/paths.ts";
import { pt } from "../../../app/i18n/pt.ts";
import { expect, test } from "../fixtures.ts";

// Every page of the specification's route table, with the heading each must show.
const pages: { path: string; heading: { pt: string; en: string } }[] = [
  { path: "/", heading: { pt: "Rafael Werneck", en: "Rafael Werneck" } },
  ...(
    [
      "about",
      "career",
      "companies",
      "projects",
      "services",
      "certificates",
      "contact",
      "recommendations",
      "course",
      "discord",
      "blog",
    ] as const
  ).map((key) => ({
    path: `/${key}`,
    heading: { pt: pt.pages[key].heading, en: en.pages[key].heading },
  })),
  { path: "/companies/cheetah-network", heading: { pt: "Cheetah Network", en: "Cheetah Network" } },
  { path: "/companies/werneck-group", heading: { pt: "Werneck Group", en: "Werneck Group" } },
  { path: "/projects/site-global-mode", heading: { pt: "Site Global Mode", en: "Global Mode Website" } },
  {
    path: "/projects/site-da-família-werneck",
    heading: { pt: "Site da Família Werneck", en: "Werneck Family Website" },
  },
  { path: "/services/web-development", heading: { pt: "Desenvolvimento Web", en: "Web Development" } },
  { path: "/services/consulting", heading: { pt: "Consultoria", en: "Consulting" } },
  { path: "/privacidade", heading: { pt: pt.pages.privacy.heading, en: en.pages.privacy.heading } },
  { path: "/blog/bot-discord", heading: { pt: "Como criar um bot para Discord", en: "How to build a Discord bot" } },
];

for (const lang of ["pt", "en"] as const) {
  test(`every route answers 200 with its heading and language (${lang})`, async ({ page }) => {
    for (const { path, heading } of pages) {
      const url = localizePath(path, lang);
      const response = await page.goto(url);
      expect(response?.status(), url).toBe(200);
      // The home page's heading carries the typewriter; it always includes the full name.
      const h1 = page.getByRole("heading", { level: 1 });
      if (path === "/") await expect(h1, url).toContainText(heading[lang]);
      else await expect(h1, url).toHaveText(heading[lang]);
      await expect(page.locator("html")).toHaveAttribute("lang", lang === "pt" ? "pt-BR" : "en");
      await expect(page).toHaveTitle(/\S/);
    }
  });
}

// What the pages' heads say (canonical address, alternates, description), how a percent-encoded slug answers
// and where a trailing slash redirects are read over HTTP (tests/server/served-pages.test.ts, served-headers.test.ts).
// The typed non-ASCII slug's page is one of the routes above.
