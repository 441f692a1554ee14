/**
 * A rendered article's body. It lives beside the blog's other pieces in
 * `PostCard.tsx`, so an article's page loads them as one file; the admin's
 * live preview imports it from here.
 */
export { ArticleBody } from "./PostCard.tsx";
