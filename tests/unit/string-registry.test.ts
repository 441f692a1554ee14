import { beforeEach, describe, expect, it, vi } from "vitest";
import { en } from "~/i18n/en.ts";
import { pt } from "~/i18n/pt.ts";

type Registry = typeof import("~/i18n/registry.ts");

/** A registry as a browser starts it: nothing loaded. */
let registry: Registry;
beforeEach(async () => {
  vi.resetModules();
  registry = await import("~/i18n/registry.ts");
});

/** What a render does with a thrown promise: wait for it, then try again. */
async function suspended(read: () => unknown): Promise<unknown> {
  try {
    read();
  } catch (thrown) {
    expect(thrown).toBeInstanceOf(Promise);
    await thrown;
    return read();
  }
  throw new Error("expected the read to suspend");
}

describe("strings loaded on demand", () => {
  it("suspends until a language's shell arrives, then serves it", async () => {
    const title = await suspended(() => registry.dictionaryFor("en").notFound.title);
    expect(title).toBe(en.notFound.title);
  });

  it("serves an area only once it is loaded, and the language asked for", async () => {
    await registry.loadStrings("pt");
    expect(registry.dictionaryFor("pt").header.home).toBe(pt.header.home);
    const heading = await suspended(() => registry.dictionaryFor("pt").home.faq.heading);
    expect(heading).toBe(pt.home.faq.heading);
    expect(() => registry.dictionaryFor("en")).toThrow();
  });

  it("loads announced areas up front, so reading them never suspends", async () => {
    await registry.loadStrings("en", registry.stringAreasFor("/en/contact"));
    const t = registry.dictionaryFor("en");
    expect(t.portfolio.contact).toEqual(en.portfolio.contact);
    expect(t.contact.errors).toEqual(en.contact.errors);
  });

  it("holds everything at once when given whole dictionaries, as the server is", () => {
    registry.provideDictionary("pt", pt);
    expect(registry.dictionaryFor("pt").admin).toEqual(pt.admin);
  });
});
