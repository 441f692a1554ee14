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
  updatedOn: "Updated {date}",
  onlyInPortuguese: "This post is only available in Portuguese.",
  onlyInEnglish: "This post is only available in English.",
  browseBlog: "See the posts in English",
  tagLink: "Posts tagged {tag}",
  tagCount: "{count} posts",
  tagCountOne: "1 post",
  morePosts: "More articles",
  previous: "Previous article",
  next: "Next article",
  moreTags: "+{count}",
  tagsLabel: "Tags",
  readArticle: "Read article",
  feedDescription: "Articles on full-stack development, bots, cloud, automation and project management.",
  subscribe: "Subscribe via RSS",
  ogImageAlt: "Cover of the article: {title}",
} satisfies Dictionary["blog"];
