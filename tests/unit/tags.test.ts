import { describe, expect, it } from "vitest";
import { hashtag, visibleTags } from "~/lib/tags.ts";

describe("visibleTags", () => {
  it.each([
    [[], { shown: [], hidden: 0 }],
    [["a"], { shown: ["a"], hidden: 0 }],
    [["a", "b"], { shown: ["a", "b"], hidden: 0 }],
    [["a", "b", "c"], { shown: ["a", "b"], hidden: 1 }],
    [["a", "b", "c", "d", "e"], { shown: ["a", "b"], hidden: 3 }],
  ])("%j -> %j", (tags, expected) => {
    expect(visibleTags(tags)).toEqual(expected);
  });
});

describe("hashtag", () => {
  it.each([
    ["discord", "#discord"],
    ["Node JS", "#nodejs"],
    ["gestão", "#gestao"],
    ["ci/cd", "#cicd"],
  ])("%s -> %s", (tag, expected) => {
    expect(hashtag(tag)).toBe(expected);
  });
});
