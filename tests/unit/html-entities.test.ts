/** Character references undone the one way the site has, never throwing on a number that is no character. */
import { describe, expect, it } from "vitest";
import { decodeEntities } from "../../app/lib/html-entities.ts";

describe("decodeEntities", () => {
  it("undoes named and numeric references, with or without their semicolon", () => {
    expect(decodeEntities("Acessibilidade &amp; Inclus&#227;o &#x3D; &lt;b&gt; &quot;x&quot; &apos;")).toBe(
      'Acessibilidade & Inclusão = <b> "x" \'',
    );
    expect(decodeEntities("a &amp b &#60")).toBe("a & b <");
    expect(decodeEntities("&nbsp;&#x1F600;")).toBe("\u00a0😀");
  });

  it("reads a number that is no character as U+FFFD instead of throwing", () => {
    expect(decodeEntities("a &#9999999; b")).toBe("a \ufffd b");
    expect(decodeEntities("&#x110000;&#0;&#xD800;&#57343;")).toBe("\ufffd\ufffd\ufffd\ufffd");
  });

  it("leaves unknown names and text without references as they are", () => {
    expect(decodeEntities("&unknown; & &;")).toBe("&unknown; & &;");
    expect(decodeEntities("sem referências")).toBe("sem referências");
  });
});
