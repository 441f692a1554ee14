import { PostCard, type PostCardData } from "./PostCard.tsx";

/** Posts as cards, newest first: the blog list and the tag pages. */
export function PostGrid({ posts }: { posts: readonly PostCardData[] }) {
  return (
    <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="post-list">
      {posts.map((post, index) => (
        <li key={post.slug} className="flex min-w-0">
          {/* Only the first cover is sure to be on a phone's first screen: it alone is
              fetched ahead of the rest; the others load when near. */}
          <PostCard post={post} eager={index === 0} />
        </li>
      ))}
    </ul>
  );
}
