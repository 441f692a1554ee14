import type { WebmentionStrings } from "../pt/webmention.ts";

/** English answers of the webmention endpoint (`POST /webmention`), sent by the server only. */
export const webmention = {
  accepted: "Mention received. It will be verified and, once the author approves it, shown under the post.",
  unreadable: "The request could not be read: send source and target as a form (application/x-www-form-urlencoded).",
  missing: "Fields missing: send source and target.",
  tooLong: "The address in {field} is too long (at most {max} characters).",
  notUrl: "{field} is not an http or https address.",
  same: "source and target are the same address.",
  notPost: "target is not a published post of this site.",
  blocked: "Mentions from this site are not accepted.",
  tooMany: "Too many mentions from {host} in a short time. Try again in {seconds} s.",
  onlyPost: "This address takes webmentions: send a POST with source and target.",
} satisfies WebmentionStrings;
