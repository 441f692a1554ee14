import { expect, test, waitForHydration } from "../fixtures.ts";
import { openTerminal, run, TERMINAL_SCRIPT, terminalTexts } from "./helpers.ts";

test("the terminal's code is fetched only when it is first opened", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await page.goto("/en");
  await waitForHydration(page);
  const before = scripts.length;
  await page.getByRole("button", { name: "Open terminal" }).click();
  await expect(page.getByTestId("terminal")).toBeVisible();
  const fetchedOnOpen = scripts.slice(before);
  expect(
    fetchedOnOpen.filter((path) => TERMINAL_SCRIPT.test(path)),
    fetchedOnOpen.join(", "),
  ).toEqual([expect.stringMatching(/\/terminal-en-/)]);
  expect(scripts.slice(0, before).some((path) => TERMINAL_SCRIPT.test(path))).toBe(false);
});

for (const lang of ["pt", "en"] as const) {
  test(`help answers after 300 ms of processing (${lang})`, async ({ page }) => {
    await openTerminal(page, lang);
    const terminal = page.getByTestId("terminal");
    await expect(terminal.getByRole("log")).toContainText(lang === "en" ? "Type 'help'" : "Digite 'help'");
    await page.getByTestId("terminal-input").fill("  HELP ");
    await page.getByTestId("terminal-input").press("Enter");
    await expect(page.getByTestId("terminal-processing")).toBeVisible();
    await page.clock.runFor(299);
    await expect(page.getByTestId("terminal-processing")).toBeVisible();
    await expect(page.getByTestId("terminal-output")).toHaveCount(1);
    await page.clock.runFor(1);
    await expect(page.getByTestId("terminal-processing")).toBeHidden();
    const answer = page.getByTestId("terminal-output").last();
    await expect(answer).toContainText(lang === "en" ? "Available commands:" : "Comandos disponíveis:");
    for (const word of lang === "en"
      ? ["about", "projects", "contact", "whoami", "clear", "open"]
      : ["sobre", "projetos", "contato", "empresas", "servicos", "certificados"]) {
      await expect(answer).toContainText(word);
    }
    await expect(page.getByTestId("terminal-command").last()).toHaveText(/HELP$/);
  });
}

test("an unknown command, page or directory gets the exact error", async ({ page }) => {
  await openTerminal(page, "en");
  await run(page, "sudo make coffee");
  await expect(page.getByTestId("terminal-output").last()).toHaveText(
    "Command 'sudo make coffee' not found. Type 'help' to see available commands.",
  );
  await run(page, "open narnia");
  await expect(page.getByTestId("terminal-output").last()).toHaveText("Page 'narnia' not found");
  await run(page, "cd /etc");
  await expect(page.getByTestId("terminal-output").last()).toHaveText("Directory '/etc' not found");
  await expect(page).toHaveURL(/\/en$/);
});

test("an unknown command in Portuguese", async ({ page }) => {
  await openTerminal(page, "pt");
  await run(page, "ls");
  await expect(page.getByTestId("terminal-output").last()).toHaveText(
    "Comando 'ls' não encontrado. Digite 'help' para ver os comandos disponíveis.",
  );
});

test("a command typed while another runs waits its turn, whole and in order", async ({ page }) => {
  const input = await openTerminal(page, "en");
  // Typed at a fast typist's pace, the second line while the first is still processing.
  await input.pressSequentially("ls");
  await input.press("Enter");
  await expect(page.getByTestId("terminal-processing")).toBeVisible();
  await input.pressSequentially("sudo rm -rf /");
  await expect(input).toHaveValue("sudo rm -rf /");
  await input.press("Enter");
  await expect(input).toHaveValue("");
  await input.pressSequentially("who");
  await expect(page.getByTestId("terminal-command")).toHaveText([/ ls$/]);

  await page.clock.runFor(300);
  await expect(page.getByTestId("terminal-output").nth(1)).toHaveText(
    "Command 'ls' not found. Type 'help' to see available commands.",
  );
  await expect(page.getByTestId("terminal-command")).toHaveText([/ ls$/, / sudo rm -rf \/$/]);
  await expect(page.getByTestId("terminal-processing")).toBeVisible();
  await page.clock.runFor(300);
  await expect(page.getByTestId("terminal-processing")).toBeHidden();
  await expect(page.getByTestId("terminal-output")).toHaveText([
    /Type 'help'/,
    "Command 'ls' not found. Type 'help' to see available commands.",
    "Command 'sudo rm -rf /' not found. Type 'help' to see available commands.",
  ]);
  // What was typed meanwhile is still in the line, and the history has both, in order.
  await expect(input).toHaveValue("who");
  await input.fill("");
  await input.press("ArrowUp");
  await expect(input).toHaveValue("sudo rm -rf /");
  await input.press("ArrowUp");
  await expect(input).toHaveValue("ls");
});

test("Enter held down runs the line once", async ({ page }) => {
  const input = await openTerminal(page, "en");
  await input.fill("whoami");
  // A held key repeats its keydown (and the form's submit) until it is let go.
  for (let i = 0; i < 5; i++) await page.keyboard.down("Enter");
  await page.keyboard.up("Enter");
  await page.clock.runFor(1000);
  await expect(page.getByTestId("terminal-command")).toHaveCount(1);
  await expect(page.getByTestId("terminal-output")).toHaveCount(2);
  await expect(page.getByTestId("terminal-output").last()).toContainText("visitor");
  await expect(page.getByTestId("terminal-processing")).toBeHidden();
});

test("an empty line is ignored", async ({ page }) => {
  await openTerminal(page, "en");
  await page.getByTestId("terminal-input").fill("   ");
  await page.getByTestId("terminal-input").press("Enter");
  await expect(page.getByTestId("terminal-processing")).toBeHidden();
  await expect(page.getByTestId("terminal-command")).toHaveCount(0);
});

test("open projects says it is redirecting and goes there 500 ms later, in English", async ({ page }) => {
  await openTerminal(page, "en");
  await run(page, "open projects");
  await expect(page.getByTestId("terminal-output").last()).toHaveText("Redirecting to /en/projects...");
  await page.clock.runFor(499);
  await expect(page).toHaveURL(/\/en$/);
  await page.clock.runFor(1);
  await expect(page).toHaveURL(/\/en\/projects$/);
});

test("cd /projetos goes to the projects in Portuguese", async ({ page }) => {
  await openTerminal(page, "pt");
  await run(page, "cd /projetos");
  await expect(page.getByTestId("terminal-output").last()).toHaveText("Redirecionando para /projects...");
  await page.clock.runFor(500);
  await expect(page).toHaveURL(/\/projects$/);
  await expect(page).not.toHaveURL(/\/en\//);
});

for (const [lang, typed, path] of [
  ["pt", "cd /blog", "/blog"],
  ["en", "cd blog", "/en/blog"],
] as const) {
  test(`${typed} goes to the blog like open does (${lang})`, async ({ page }) => {
    await openTerminal(page, lang);
    await run(page, typed);
    await expect(page.getByTestId("terminal-output").last()).toHaveText(
      lang === "en" ? `Redirecting to ${path}...` : `Redirecionando para ${path}...`,
    );
    await page.clock.runFor(500);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  });
}

test("open with a Portuguese page name works from the English site too", async ({ page }) => {
  await openTerminal(page, "en");
  await run(page, "open contato");
  await page.clock.runFor(500);
  await expect(page).toHaveURL(/\/en\/contact$/);
});

test("clear empties the screen", async ({ page }) => {
  await openTerminal(page, "en");
  await run(page, "whoami");
  await expect(page.getByTestId("terminal-output").last()).toContainText("visitor");
  await run(page, "clear");
  await expect(page.getByTestId("terminal-output")).toHaveCount(0);
  await expect(page.getByTestId("terminal-command")).toHaveCount(0);
});

test("minimize, restore, Escape and close, with focus where it belongs", async ({ page }) => {
  const input = await openTerminal(page, "en");
  const terminal = page.getByTestId("terminal");
  expect((await terminal.boundingBox())?.height).toBe(384);

  await page.getByRole("button", { name: terminalTexts.en.minimize }).click();
  await expect(terminal).toHaveAttribute("data-view", "minimized");
  await page.clock.runFor(300);
  await expect.poll(async () => (await terminal.boundingBox())?.height).toBe(48);
  await expect(input).toBeHidden();
  const restore = page.getByRole("button", { name: terminalTexts.en.restore });
  await expect(restore).toBeFocused();

  await restore.click();
  await page.clock.runFor(300);
  await expect.poll(async () => (await terminal.boundingBox())?.height).toBe(384);
  await expect(input).toBeFocused();

  await input.press("Escape");
  await expect(terminal).toHaveAttribute("data-view", "minimized");
  await page.getByRole("button", { name: terminalTexts.en.restore }).click();

  await page.getByRole("button", { name: terminalTexts.en.close }).click();
  await expect(terminal).toBeHidden();
  const reopen = page.getByRole("button", { name: terminalTexts.en.open });
  await expect(reopen).toBeFocused();
  await reopen.click();
  await expect(page.getByTestId("terminal")).toHaveAttribute("data-view", "open");
  await expect(input).toBeFocused();
});

test("ArrowUp and ArrowDown walk the command history", async ({ page }) => {
  const input = await openTerminal(page, "en");
  await run(page, "help");
  await run(page, "whoami");
  await input.fill("bl");
  await input.press("ArrowUp");
  await expect(input).toHaveValue("whoami");
  await input.press("ArrowUp");
  await expect(input).toHaveValue("help");
  await input.press("ArrowUp");
  await expect(input).toHaveValue("help");
  await input.press("ArrowDown");
  await expect(input).toHaveValue("whoami");
  await input.press("ArrowDown");
  await expect(input).toHaveValue("bl");
});

test("Tab completes a command, then a page name, and lists choices when ambiguous", async ({ page }) => {
  const input = await openTerminal(page, "en");
  await input.fill("op");
  await input.press("Tab");
  await expect(input).toHaveValue("open ");
  await input.pressSequentially("pro");
  await input.press("Tab");
  await expect(input).toHaveValue("open projects");
  await expect(input).toBeFocused();

  await input.fill("co");
  await input.press("Tab");
  await expect(input).toHaveValue("co");
  await expect(page.getByTestId("terminal-output").last()).toHaveText("Options: contact  companies");

  // An empty line lets Tab leave the terminal, so the keyboard is never trapped.
  await input.fill("");
  await input.press("Tab");
  await expect(input).not.toBeFocused();
});

test.describe("on a 375 px phone", () => {
  test.use({ viewport: { width: 375, height: 667 } });

  test("the terminal fits the screen and runs commands", async ({ page }) => {
    const input = await openTerminal(page, "pt");
    const box = await page.getByTestId("terminal").boundingBox();
    expect(box?.height).toBe(384);
    expect(box?.x).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(375);
    await run(page, "sobre");
    await expect(page.getByTestId("terminal-output").last()).toContainText("Rafael Werneck");
    await expect(input).toBeInViewport();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test("scrolled to the page's end, the terminal button covers no text", async ({ page }) => {
    await page.goto("/");
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const button = page.getByTestId("terminal-button");
    await expect(button).toBeInViewport();
    const top = (await button.boundingBox())?.y ?? 0;
    // The bottom of the lowest line of visible text on the page, as laid out.
    const lastText = await page.evaluate(() => {
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      const range = document.createRange();
      let bottom = 0;
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        // Text a reader sees: not inside the button, not visually hidden, not hidden (as the phone menu is, folded).
        const parent = node.parentElement;
        if (!node.textContent?.trim() || !parent?.checkVisibility({ visibilityProperty: true })) continue;
        if (parent.closest("[data-testid=terminal-button], .sr-only")) continue;
        range.selectNodeContents(node);
        for (const rect of range.getClientRects()) if (rect.width > 0) bottom = Math.max(bottom, rect.bottom);
      }
      return bottom;
    });
    expect(lastText).toBeGreaterThan(0);
    expect(lastText).toBeLessThanOrEqual(top);
  });

  for (const lang of ["pt", "en"] as const) {
    test(`the title is whole and help wraps between words (${lang})`, async ({ page }) => {
      await openTerminal(page, lang);
      const title = page.getByTestId("terminal").getByRole("heading", { level: 2 });
      // What is shown: the name leaves out what the phone's layout hides.
      await expect(title).toHaveAccessibleName(lang === "en" ? "visitor@rafaelwerneck" : "visitante@rafaelwerneck");
      expect(await title.evaluate((h) => h.scrollWidth <= h.clientWidth)).toBe(true);
      await run(page, "help");
      const help = page.getByTestId("terminal-output").last();
      await expect(help).toContainText(lang === "en" ? "Pages: contact" : "Páginas: contato");
      // Every line box of the answer starts at a word's start: no word was broken to fit.
      const brokenWords = await help.evaluate((element) => {
        const text = element.firstChild as Text;
        const broken: string[] = [];
        const range = document.createRange();
        let lastTop = Number.NaN;
        for (let i = 0; i < text.length; i++) {
          range.setStart(text, i);
          range.setEnd(text, i + 1);
          const top = range.getBoundingClientRect().top;
          if (
            !Number.isNaN(lastTop) &&
            top > lastTop + 1 &&
            /\S/.test(text.data[i - 1] ?? "") &&
            /\S/.test(text.data[i] ?? "")
          )
            broken.push(text.data.slice(Math.max(0, i - 8), i + 8));
          if (text.data[i] !== "\n") lastTop = top;
        }
        return broken;
      });
      expect(brokenWords).toEqual([]);
    });
  }
});
