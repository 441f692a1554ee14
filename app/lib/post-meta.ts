import type { MetaDescriptor } from "react-router";

const socialTitles = new Set(["og:title", "twitter:title"]);
const socialDescriptions = new Set(["og:description", "twitter:description"]);

/**
 * A page's meta tags with the link preview's own title and description, when
 * the author wrote them (a post's settings); the page's title and
 * description stay what search engines read.
 * @example withSocialPreview(seo({…}), { title: "Read this", description: undefined })
 */
export function withSocialPreview(
  tags: MetaDescriptor[],
  social: { title?: string | undefined; description?: string | undefined },
): MetaDescriptor[] {
  if (!social.title && !social.description) return tags;
  return tags.map((tag) => {
    const key = "property" in tag ? tag.property : "name" in tag ? tag.name : undefined;
    if (typeof key !== "string") return tag;
    if (social.title && socialTitles.has(key)) return { ...tag, content: social.title };
    if (social.description && socialDescriptions.has(key)) return { ...tag, content: social.description };
    return tag;
  });
}
