import type { FediverseStrings } from "../pt/fediverse.ts";

/** English words of the blog's fediverse account and of the author's mail about waiting responses (server only). */
export const fediverse = {
  actorName: "{name} · Blog",
  actorSummary:
    "The English posts of {name}'s blog: full-stack development, products and community, from Recife. " +
    "Replies show under the post once the author approves them.",
  translationLink: "In Portuguese: {title}",
  mailSubject: "{count} responses waiting for moderation",
  mailSubjectOne: "1 response waiting for moderation",
  mailIntro: "Responses to your posts arrived. They show on the site only once you approve them:",
  mailKinds: "{kind} by {author} on “{post}”",
  mailLink: "Moderate: {url}",
  kindReply: "Reply",
  kindLike: "Like",
  kindAnnounce: "Boost",
  kindWebmention: "Mention",
} satisfies FediverseStrings;
