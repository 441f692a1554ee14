/**
 * The areas of the dictionary a browser loads apart from the shell, each a
 * chunk of its own (registry.ts loads them). A module of their own, so a
 * dictionary can name them without importing the loader that imports it.
 */
export const lazyAreas = ["home", "portfolio", "contact", "admin", "blog", "newsletter"] as const;
export type LazyArea = (typeof lazyAreas)[number];

/** Areas of the dictionary no page loads from here: the terminal's strings travel in its own script (decision 050). */
export type ScriptArea = "terminal";
