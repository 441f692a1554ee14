import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const routesDir = path.join(import.meta.dirname, "../../app/routes");

describe("route actions", () => {
  it("read posted forms through readForm, or catch the parse error themselves", () => {
    // request.formData() throws on a body that is not a form: uncaught, that is a 500.
    const unguarded = readdirSync(routesDir)
      .filter((file) => /\.tsx?$/.test(file))
      .flatMap((file) =>
        [...readFileSync(path.join(routesDir, file), "utf8").matchAll(/request\.formData\(\)(?!\.catch\()/g)].map(
          () => file,
        ),
      );
    expect(unguarded).toEqual([]);
  });
});
