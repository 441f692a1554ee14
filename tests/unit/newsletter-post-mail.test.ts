/** A post's mail: its cover described as the author described it, escaped; a cover without words decorative. */
import { describe, expect, it } from "vitest";
import { postMail } from "../../app/server/newsletter/compose.server.ts";

const context = {
  publicUrl: "https://rafael.example",
  from: "Blog <blog@rafael.example>",
  to: "leitora@example.com",
  lang: "pt" as const,
  unsubscribeToken: "token",
  mailId: "1",
};
const post = {
  title: "A ponte",
  slug: "ponte",
  lang: "pt",
  excerpt: "Uma ponte.",
  content: "Texto.",
  coverImage: "/uploads/blog-images/0b7c9a52-1f2e-4c3d-9a8b-7c6d5e4f3a2b/Ab3dEf6hIj9kLm0n.webp",
  coverAlt: 'A ponte "giratória" <ao entardecer>',
};

describe("a post's mail", () => {
  it("gives the cover the author's description, escaped, and an empty one without it", () => {
    expect(String(postMail(context, post).html)).toContain(
      'alt="A ponte &quot;giratória&quot; &lt;ao entardecer&gt;" width="544"',
    );
    expect(String(postMail(context, { ...post, coverAlt: null }).html)).toContain('alt="" width="544"');
  });
});
