import { expect, test, waitForHydration } from "../fixtures.ts";

const sectionOrder = [
  "home-hero",
  "home-technologies",
  "home-experience",
  "home-projects",
  "home-companies",
  "home-testimonials",
  "home-partnerships",
  "home-faq",
  "home-cta",
];

const texts = {
  pt: {
    path: "/",
    prefix: "",
    contact: "Fale comigo",
    about: "Sobre mim",
    more: /^\+\d+ mais$/,
    company: "Rede de servidores de jogos",
    viewAll: "Ver todos os projetos",
    career: "Ver minha carreira",
    partnerships: "Ver todas as parcerias",
    supervised: /^Supervisionado por /,
    achievements: ["50+", "2", "100%", "8+"],
  },
  en: {
    path: "/en",
    prefix: "/en",
    contact: "Contact me",
    about: "About me",
    more: /^\+\d+ more$/,
    company: "A game-server network",
    viewAll: "View all projects",
    career: "See my career",
    partnerships: "See all partnerships",
    supervised: /^Supervised by /,
    achievements: ["50+", "2", "100%", "8+"],
  },
} as const;

for (const lang of ["pt", "en"] as const) {
  const x = texts[lang];

  test(`every section is there, in the specification's order (${lang})`, async ({ page }) => {
    await page.goto(x.path);
    const ids = await page
      .locator("main [data-testid^='home-']")
      .evaluateAll((nodes) =>
        nodes
          .map((node) => node.getAttribute("data-testid"))
          .filter((id) => id && !/^home-(project|company|partnership|roles|achievements|goals)$/.test(id)),
      );
    expect(ids).toEqual(sectionOrder);
    // Every section is a labelled region, so it shows up in a screen reader's landmarks.
    for (const id of sectionOrder) await expect(page.getByTestId(id)).toHaveAttribute("aria-labelledby", /.+/);
    await expect(page.getByTestId("terminal-button")).toBeVisible();
  });

  test(`the hero has the badge, greeting, subtitle, socials, contact and about (${lang})`, async ({ page }) => {
    await page.goto(x.path);
    const hero = page.getByTestId("home-hero");
    await expect(hero.getByRole("heading", { level: 1 })).toContainText("Rafael Werneck");
    await expect(hero.getByRole("button", { name: x.contact })).toBeVisible();
    await expect(hero.getByRole("link", { name: x.about })).toHaveAttribute("href", `${x.prefix}/about`);
    const socials = hero.getByRole("list").first().getByRole("link");
    await expect(socials).toHaveCount(6);
    for (const link of await socials.all()) await expect(link).toHaveAttribute("target", "_blank");
  });

  test(`16 technologies, 2 roles, 4 achievements and 3 goals (${lang})`, async ({ page }) => {
    await page.goto(x.path);
    const icons = page.getByTestId("home-technologies").getByRole("img");
    await expect(icons).toHaveCount(16);
    for (const name of ["TypeScript", "React", "Node.js", "PostgreSQL"]) {
      await expect(page.getByTestId("home-technologies").getByRole("img", { name, exact: true })).toBeVisible();
    }
    await expect(page.getByTestId("home-roles").getByRole("listitem")).toHaveCount(2);
    const achievements = page.getByTestId("home-achievements").getByRole("listitem");
    await expect(achievements).toHaveCount(4);
    for (const [index, figure] of x.achievements.entries()) await expect(achievements.nth(index)).toContainText(figure);
    await expect(page.getByTestId("home-goals").getByRole("listitem")).toHaveCount(3);
  });

  test(`3 projects with image, tags and external link, and 'view all' (${lang})`, async ({ page }) => {
    await page.goto(x.path);
    const cards = page.getByTestId("home-project");
    await expect(cards).toHaveCount(3);
    for (const card of await cards.all()) {
      await expect(card.getByRole("img")).toHaveAttribute("alt", /.+/);
      expect(await card.getByRole("listitem").count()).toBeGreaterThan(0);
      await expect(card.getByRole("link")).toHaveAttribute("target", "_blank");
    }
    await expect(page.getByTestId("home-projects").getByRole("link", { name: x.viewAll })).toHaveAttribute(
      "href",
      `${x.prefix}/projects`,
    );
  });

  test(`2 companies with at most 3 skills of 20 characters, '+N', and their page (${lang})`, async ({ page }) => {
    await page.goto(x.path);
    const cards = page.getByTestId("home-company");
    await expect(cards).toHaveCount(2);
    const hrefs = [];
    for (const card of await cards.all()) {
      const tags = await card.getByTestId("company-skills").getByRole("listitem").allTextContents();
      const skills = tags.filter((tag) => !x.more.test(tag));
      expect(skills.length).toBeLessThanOrEqual(3);
      for (const skill of skills) expect(Array.from(skill).length).toBeLessThanOrEqual(20);
      expect(tags.filter((tag) => x.more.test(tag)).length).toBeLessThanOrEqual(1);
      hrefs.push(await card.getByRole("link").getAttribute("href"));
    }
    await expect(cards.first()).toContainText(x.company);
    expect(hrefs).toEqual([`${x.prefix}/companies/cheetah-network`, `${x.prefix}/companies/werneck-group`]);
  });

  test(`3 testimonials with initials, role, company, date and supervisor, and the career button (${lang})`, async ({
    page,
  }) => {
    await page.goto(x.path);
    const section = page.getByTestId("home-testimonials");
    const cards = section.getByRole("figure");
    await expect(cards).toHaveCount(3);
    for (const card of await cards.all()) {
      await expect(card.getByTestId("initials")).toHaveText(/^[A-Z]{2}$/);
      await expect(card.getByText(x.supervised)).toBeVisible();
    }
    await expect(section.getByRole("link", { name: x.career })).toHaveAttribute("href", `${x.prefix}/career`);
  });

  test(`2 partnerships open in a new tab, and the button leads to the career's partnerships (${lang})`, async ({
    page,
  }) => {
    await page.goto(x.path);
    const section = page.getByTestId("home-partnerships");
    const cards = section.getByTestId("home-partnership");
    await expect(cards).toHaveCount(2);
    for (const card of await cards.all()) {
      await expect(card.getByRole("link")).toHaveAttribute("target", "_blank");
      await expect(card.getByRole("link")).toHaveAttribute("rel", "noopener noreferrer");
    }
    await expect(section.getByRole("link", { name: x.partnerships })).toHaveAttribute(
      "href",
      `${x.prefix}/career#partnerships`,
    );
  });

  test(`6 questions in the FAQ, and a call to action (${lang})`, async ({ page }) => {
    await page.goto(x.path);
    await expect(page.getByTestId("home-faq").locator("details > summary")).toHaveCount(6);
    await expect(page.getByTestId("home-cta").getByRole("button", { name: x.contact })).toBeVisible();
  });
}

test("the home links keep the language when followed", async ({ page }) => {
  await page.goto("/en");
  await waitForHydration(page);
  await page.getByTestId("home-hero").getByRole("link", { name: "About me" }).click();
  await expect(page).toHaveURL(/\/en\/about$/);
});

test.describe("on a 375 px phone", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("nothing scrolls sideways, in either language", async ({ page }) => {
    for (const path of ["/", "/en"]) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
      await expect(page.getByRole("heading", { level: 1 })).toBeInViewport();
    }
  });
});
