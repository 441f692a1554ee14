/**
 * The strings this process holds, per language. The server holds both
 * dictionaries whole (`./all.ts` provides them). A browser holds only what the
 * pages it has shown need: the shell every page uses (header, footer, titles)
 * and the areas of those pages (home, portfolio, contact, admin, blog,
 * newsletter), each a chunk of its own, so a page ships one language and only
 * its own areas. The terminal's strings travel in the terminal's own script
 * instead (decision 050).
 */

import { type LazyArea, lazyAreas } from "./areas.ts";
import { type Lang, langFromPath, stripLang } from "./paths.ts";
import type { Dictionary } from "./pt.ts";

export { type LazyArea, lazyAreas };

type Part = "shell" | LazyArea;

const importers: Record<Lang, Record<Part, () => Promise<object>>> = {
  pt: {
    shell: () => import("./pt/shell.ts").then((m) => m.shell),
    home: () => import("./pt/home.ts").then((m) => m.home),
    portfolio: () => import("./pt/portfolio.ts").then((m) => m.portfolio),
    contact: () => import("./pt/contact.ts").then((m) => m.contact),
    admin: () => import("./pt/admin.ts").then((m) => m.admin),
    blog: () => import("./pt/blog.ts").then((m) => m.blog),
    newsletter: () => import("./pt/newsletter.ts").then((m) => m.newsletter),
  },
  en: {
    shell: () => import("./en/shell.ts").then((m) => m.shell),
    home: () => import("./en/home.ts").then((m) => m.home),
    portfolio: () => import("./en/portfolio.ts").then((m) => m.portfolio),
    contact: () => import("./en/contact.ts").then((m) => m.contact),
    admin: () => import("./en/admin.ts").then((m) => m.admin),
    blog: () => import("./en/blog.ts").then((m) => m.blog),
    newsletter: () => import("./en/newsletter.ts").then((m) => m.newsletter),
  },
};

const held: Record<Lang, Record<string, unknown>> = { pt: {}, en: {} };
const present: Record<Lang, Set<Part>> = { pt: new Set(), en: new Set() };
const pending = new Map<string, Promise<void>>();
const views = new Map<Lang, Dictionary>();

const isLazyArea = (key: string): key is LazyArea => (lazyAreas as readonly string[]).includes(key);

/** Makes a whole dictionary available at once (the server, at start). */
export function provideDictionary(lang: Lang, dictionary: Dictionary) {
  Object.assign(held[lang], dictionary);
  for (const part of ["shell", ...lazyAreas] as const) present[lang].add(part);
}

function loadPart(lang: Lang, part: Part): Promise<void> {
  if (present[lang].has(part)) return Promise.resolve();
  const key = `${lang}:${part}`;
  let loading = pending.get(key);
  if (!loading) {
    loading = importers[lang][part]().then(
      (strings) => {
        if (part === "shell") Object.assign(held[lang], strings);
        else held[lang][part] = strings;
        present[lang].add(part);
        pending.delete(key);
      },
      (error: unknown) => {
        pending.delete(key);
        throw error;
      },
    );
    pending.set(key, loading);
  }
  return loading;
}

/** Loads a language's shell strings and the given areas (each once). */
export function loadStrings(lang: Lang, areas: readonly LazyArea[] = []): Promise<void> {
  return Promise.all([loadPart(lang, "shell"), ...areas.map((area) => loadPart(lang, area))]).then(() => undefined);
}

/**
 * A language's dictionary. Reading a part the browser has not loaded yet (the
 * first page of the other language, or an area the page did not announce)
 * suspends the render until it arrives, so nothing renders in the wrong
 * language or with a missing string.
 */
export function dictionaryFor(lang: Lang): Dictionary {
  // React's Suspense protocol: the render is retried once the promise settles.
  if (!present[lang].has("shell")) throw loadPart(lang, "shell");
  let view = views.get(lang);
  if (!view) {
    view = new Proxy(held[lang], {
      get(target, key, receiver) {
        if (typeof key === "string" && isLazyArea(key) && !present[lang].has(key)) throw loadPart(lang, key);
        return Reflect.get(target, key, receiver);
      },
    }) as unknown as Dictionary;
    views.set(lang, view);
  }
  return view;
}

/**
 * The areas a page of this path renders, so they load with the page rather
 * than after it.
 * @example stringAreasFor("/en/services/consulting") // ["portfolio"]
 */
export function stringAreasFor(pathname: string): LazyArea[] {
  const section = stripLang(pathname).split("/")[1] ?? "";
  switch (section) {
    case "":
      return ["home"];
    case "blog":
      // Its list and every post end with the newsletter's form.
      return ["blog", "newsletter"];
    case "newsletter":
      return ["newsletter"];
    case "contact":
      return ["portfolio", "contact"];
    case "admin":
      // The live preview renders an article, with its copy buttons.
      return ["admin", "contact", "blog", "newsletter"];
    case "about":
    case "career":
    case "companies":
    case "projects":
    case "services":
    case "certificates":
    case "recommendations":
    case "course":
    case "discord":
      return ["portfolio"];
    default:
      return [];
  }
}

/** Loads everything a page of this path renders: its language's shell and its areas. */
export function loadStringsFor(pathname: string): Promise<void> {
  return loadStrings(langFromPath(pathname), stringAreasFor(pathname));
}
