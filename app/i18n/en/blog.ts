import type { Dictionary } from "../pt.ts";

/** English strings of the public blog. */
export const blog = {
  copy: "Copy",
  scrollableTable: "Scrollable table",
  copied: "Copied!",
  taskDone: "Done",
  taskOpen: "To do",
  externalImage: "Image on another site: {name}",
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
  /** A post moved to the trash: its address answers 410 Gone. */
  removed: {
    title: "Post removed",
    heading: "This post was removed",
    description: "Its author took this post off the blog.",
  },
  /** A post seen before it is public: by its author, or through a shared link. */
  preview: {
    banner: "Preview: this page is not public",
    title: "Preview: {title}",
  },
  search: {
    label: "Search the blog",
    submit: "Search",
    prompt: "Type one or more words to find articles on the blog.",
    resultsOne: "1 result for “{query}”",
    results: "{count} results for “{query}”",
    showingFirst: "Showing the {count} most relevant.",
    noResults: "No articles found for “{query}”.",
    noResultsHint: "Try other words, fewer words or another spelling.",
    tooLong: "Your search is too long: use at most {max} characters.",
    resultsLabel: "Search results",
  },
  feedDescription: "Articles on full-stack development, bots, cloud, automation and project management.",
  subscribe: "Subscribe via RSS",
  subscribeByMail: "Get the posts by e-mail",
  feedPage: {
    label: "RSS feed",
    intro:
      "This page is a feed: the address a feed reader follows to show you each new post of the blog as soon as it is out.",
    howTo:
      "To subscribe, copy the address below and paste it into your feed reader (Feedly, Inoreader, NetNewsWire or Thunderbird, for example).",
    address: "Feed address",
    byMail: "Rather have them by e-mail?",
    newsletter: "Subscribe to the newsletter",
    posts: "Posts",
    visitBlog: "Go to the blog",
  },
  ogImageAlt: "Cover of the article: {title}",
} satisfies Dictionary["blog"];
