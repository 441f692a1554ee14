import { describe, expect, it } from "vitest";
import { pageScriptLoader } from "../../app/first-paint/inline-scripts.ts";

type Listener = () => void;

/** Runs the loader in a stand-in document: whether paints are reported, and whether it is still being read. */
function runLoader(options: { paintTiming: boolean; readyState: "loading" | "interactive" }) {
  const added: { src?: string; type?: string }[] = [];
  const contentLoaded: Listener[] = [];
  const attributes = new Map<string, string>();
  let paintCallback:
    | ((list: { getEntriesByName: (name: string) => unknown[] }, observer: { disconnect(): void }) => void)
    | undefined;
  const document = {
    readyState: options.readyState,
    documentElement: { setAttribute: (name: string, value: string) => attributes.set(name, value) },
    head: { append: (element: { src?: string; type?: string }) => added.push(element) },
    createElement: () => ({}),
    addEventListener: (type: string, listener: Listener) => {
      if (type === "DOMContentLoaded") contentLoaded.push(listener);
    },
  };
  class PerformanceObserver {
    static supportedEntryTypes = options.paintTiming ? ["paint", "resource"] : ["resource"];
    constructor(callback: typeof paintCallback) {
      paintCallback = callback;
    }
    observe() {}
  }
  new Function("document", "window", pageScriptLoader("/assets/enhance-x.js"))(document, { PerformanceObserver });
  return {
    added,
    painted: () => attributes.has("data-painted"),
    paint: () => paintCallback?.({ getEntriesByName: () => [{}] }, { disconnect() {} }),
    finishReading: () => {
      document.readyState = "interactive";
      for (const listener of contentLoaded) listener();
    },
  };
}

describe("the page script's loader", () => {
  it("waits for the first contentful paint, then marks the page painted and adds the script", () => {
    const page = runLoader({ paintTiming: true, readyState: "interactive" });
    expect(page.added).toEqual([]);
    expect(page.painted()).toBe(false);
    page.paint();
    expect(page.painted()).toBe(true);
    expect(page.added).toEqual([{ src: "/assets/enhance-x.js" }]);
  });

  it("painted before the page is read to its end, marks it painted at once and adds the script once it is read", () => {
    const page = runLoader({ paintTiming: true, readyState: "loading" });
    page.paint();
    expect(page.painted()).toBe(true);
    expect(page.added).toEqual([]);
    page.finishReading();
    expect(page.added).toEqual([{ src: "/assets/enhance-x.js" }]);
  });

  it("where paints are not reported, adds the script once the page is read, and only once", () => {
    const page = runLoader({ paintTiming: false, readyState: "loading" });
    expect(page.painted()).toBe(true);
    expect(page.added).toEqual([]);
    page.finishReading();
    page.paint();
    expect(page.added).toEqual([{ src: "/assets/enhance-x.js" }]);
  });

  it("loads a module script when asked", () => {
    const added: { type?: string }[] = [];
    const document = {
      readyState: "complete",
      documentElement: { setAttribute() {} },
      head: { append: (element: { type?: string }) => added.push(element) },
      createElement: () => ({}),
    };
    new Function("document", "window", pageScriptLoader("/app/first-paint/page-script/enhance.ts", true))(document, {});
    expect(added).toEqual([{ type: "module", src: "/app/first-paint/page-script/enhance.ts" }]);
  });
});
