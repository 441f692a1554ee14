import type { Dictionary } from "../pt.ts";

/** English strings of the public blog. */
export const blog = {
  copy: "Copy",
  copied: "Copied!",
  taskDone: "Done",
  taskOpen: "To do",
  copyFailed: "Could not copy",
  back: "Back to blog",
  readingTime: "{minutes} min read",
  publishedOn: "Published on {date}",
  morePosts: "More articles",
  previous: "Previous article",
  next: "Next article",
  moreTags: "+{count}",
  tagsLabel: "Tags",
  readArticle: "Read article",
  feedTitle: "Rafael Werneck's blog",
  feedDescription: "Articles on full-stack development, bots, cloud, automation and project management.",
  subscribe: "Subscribe via RSS",
  ogImageAlt: "Cover of the article: {title}",
} satisfies Dictionary["blog"];
