import { describe, expect, it } from "vitest";
import { HELD_CLASSIC_SCRIPT_TYPE, HELD_SCRIPT_TYPE } from "~/first-paint/held-hydration.ts";
import { moveHeldScripts } from "~/first-paint/held-scripts.server.ts";

const held = (body: string, attributes = "") =>
  `<script type="${HELD_CLASSIC_SCRIPT_TYPE}"${attributes}>${body}</script>`;

describe("moveHeldScripts", () => {
  it("moves the held classic scripts' code, in order, to one file the first of them names, and the module's to another", () => {
    const page = [
      "<html><head>",
      held("((a) => a)(1)", ' nonce=""'),
      "<script>keep()</script></head><body><p>text</p>",
      held('window.__reactRouterContext = {"a":1};'),
      '<div hidden id="S:1">',
      held("window.__reactRouterContext.streamController.close();"),
      "</div>",
      held('$RC("B:1","S:1")'),
      '<script type="text/x-held-module">import "/assets/entry.js";</script></body></html>',
    ].join("");
    const moved = moveHeldScripts(page);
    const [classic, module] = moved?.files ?? [];
    expect(classic?.code).toBe(
      '((a) => a)(1)\n;\nwindow.__reactRouterContext = {"a":1};\n;\nwindow.__reactRouterContext.streamController.close();\n;\n$RC("B:1","S:1")\n',
    );
    expect(module?.code).toBe('import "/assets/entry.js";');
    expect(moved?.files).toHaveLength(2);
    for (const file of moved?.files ?? []) expect(file.file).toMatch(/^held-[\w-]{12}\.js$/);
    expect(moved?.html).toBe(
      [
        "<html><head>",
        `<script type="${HELD_CLASSIC_SCRIPT_TYPE}" data-src="/assets/${classic?.file}"></script>`,
        "<script>keep()</script></head><body><p>text</p>",
        `<script type="${HELD_CLASSIC_SCRIPT_TYPE}"></script>`,
        `<div hidden id="S:1"><script type="${HELD_CLASSIC_SCRIPT_TYPE}"></script></div>`,
        `<script type="${HELD_CLASSIC_SCRIPT_TYPE}"></script>`,
        `<script type="${HELD_SCRIPT_TYPE}" data-src="/assets/${module?.file}"></script></body></html>`,
      ].join(""),
    );
  });

  it("names the file by its content", () => {
    const file = (html: string) => moveHeldScripts(html)?.files[0]?.file;
    expect(file(`<p>b</p>${held("x=1")}`)).toBe(file(`<p>a</p>${held("x=1")}`));
    expect(file(`<p>a</p>${held("x=2")}`)).not.toBe(file(`<p>a</p>${held("x=1")}`));
  });

  it("leaves a module already loaded by URL as it is", () => {
    const module = `<script type="${HELD_SCRIPT_TYPE}" data-src="/assets/entry.js"></script>`;
    const moved = moveHeldScripts(`${held("x=1")}${module}<script>y()</script>`);
    expect(moved?.files).toHaveLength(1);
    expect(moved?.html).toContain(`${module}<script>y()</script>`);
  });

  it("leaves a page without held scripts (one that hydrates at once) alone", () => {
    expect(
      moveHeldScripts('<p>a</p><script>x=1</script><script type="module">import "/a.js"</script>'),
    ).toBeUndefined();
    expect(moveHeldScripts(`<p>a</p>${held("  ")}`)).toBeUndefined();
  });
});
