/**
 * One value per process, whichever copy of a module asks first. The server
 * runs two copies of the app's code (its own, and React Router's server
 * bundle), so a module-level value would exist twice; a store both copies
 * must share (the log's settings, the metrics, the public URL) is made once
 * and kept on `globalThis` under `Symbol.for("portfolio.<name>")`.
 *
 * @example const state = singleton("publicPagesGeneration", () => ({ generation: 0 }));
 */
export function singleton<Value>(name: string, make: () => Value): Value {
  const store = globalThis as typeof globalThis & Record<symbol, Value | undefined>;
  const key = Symbol.for(`portfolio.${name}`);
  if (!(key in store)) store[key] = make();
  return store[key] as Value;
}
