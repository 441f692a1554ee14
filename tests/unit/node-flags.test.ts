import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { missingServerFlags, SERVER_NODE_FLAGS } from "../../server/node-flags.ts";

describe("the server's Node flags", () => {
  it("are all missing from a bare `node server/main.ts`", () => {
    expect(missingServerFlags([], "")).toEqual([...SERVER_NODE_FLAGS]);
  });

  it("are all present when started with the list", () => {
    expect(missingServerFlags([...SERVER_NODE_FLAGS], "")).toEqual([]);
  });

  it("leave a setting the operator chose to the operator, on the command line or in NODE_OPTIONS", () => {
    expect(missingServerFlags(["--max_semi_space_size=32", "--no-liftoff-only"], "")).toEqual([
      "--heap-growing-percent=50",
    ]);
    expect(missingServerFlags([], "--max-old-space-size=512 --max-semi-space-size=16")).toEqual([
      "--liftoff-only",
      "--heap-growing-percent=50",
    ]);
  });

  it("are the ones npm run serve passes", () => {
    const serve = JSON.parse(readFileSync("package.json", "utf8")).scripts.serve as string;
    const args = serve.split(/\s+/);
    const flags = args.slice(args.indexOf("node") + 1, args.indexOf("server/main.ts"));
    expect(flags).toEqual([...SERVER_NODE_FLAGS]);
  });
});
