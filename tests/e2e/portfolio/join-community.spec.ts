import { expect, test } from "../fixtures.ts";
import { expectExternal, inLang } from "./helpers.ts";

for (const [lang, join] of [
  ["pt", "Entrar no servidor"],
  ["en", "Join the server"],
] as const) {
  test(`the community page invites to the server with four reasons and 150k+ members (${lang})`, async ({ page }) => {
    await page.goto(inLang(lang, "/discord"));
    await expect(page.getByTestId("community-description")).not.toBeEmpty();
    await expect(page.getByTestId("community-members")).toHaveText("150k+");
    await expect(page.getByTestId("community-reasons").getByRole("listitem")).toHaveCount(4);
    const buttons = page.getByTestId("join-community");
    await expect(buttons.first()).toContainText(join);
    for (const button of await buttons.all()) await expectExternal(button, "https://discord.gg/cheetahnetwork");
  });
}
