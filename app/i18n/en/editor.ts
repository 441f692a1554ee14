import type { Dictionary } from "../pt.ts";

/** English strings of the post editor: the writing surface, its bar, the post's settings. */
export const editor = {
  reload: "Reload the page",
  errorKept: "What you wrote is still kept in this browser: it is offered back when you open the post again.",
  back: "Back to posts",
  titlePlaceholder: "A title that says what the post is about",
  contentPlaceholder: "Write here, in Markdown.",
  modes: "Write or preview",
  write: "Write",
  preview: "Preview",
  words: { one: "{count} word", other: "{count} words" },
  readingTime: "{minutes} min read",
  shortcutsHeading: "Keyboard shortcuts",
  shortcuts:
    "Shortcuts: Ctrl+B bold, Ctrl+I italic, Ctrl+K link, Ctrl+E code, Ctrl+Shift+1 to 3 headings, Ctrl+S save. In lists and code, Tab indents; Esc then Tab leaves the text.",
  linkText: "link text",
  details: "Post details",
  removed: "removed: {names}",
  removedHelp: "The site does not publish HTML that could be unsafe; the rest shows below as on the page.",
  attribute: "{element} with {attribute}",
  counter: "{count}/{max}",
  counterLabel: "{count} of {max} characters",
  atLimit: "At the limit: up to {max} characters.",
  overLimit: "{over} characters over the limit of {max}: shorten it to save.",
  settings: {
    heading: "Post settings",
    seoDescription: "Search engine description",
    seoDescriptionHelp:
      "Shown under the title in search results, which show about 155 to 160 characters. Empty, the excerpt stands in.",
    socialTitle: "Social media title",
    socialTitleHelp: "The preview's title when the link is shared. Empty, the post's title stands in.",
    socialDescription: "Social media description",
    socialDescriptionHelp:
      "The preview's text when the link is shared. Empty, the search engine description or the excerpt stands in.",
  },
  bar: {
    label: "Save and publish",
    draft: "Draft",
    published: "Published",
    pending: "unpublished changes",
    scheduled: "Scheduled for {date}",
    view: "View post",
    updatePublication: "Update publication",
    changeSchedule: "Change schedule",
    reschedule: "Reschedule",
    confirmSchedule: "Confirm schedule",
    confirmUnpublish: "Yes, unpublish",
    unpublish: "Unpublish",
    unpublishHelp:
      "The post becomes a draft again: it leaves the blog, the feed, the sitemap and search. The text stays saved.",
    toDraft: "Back to draft",
    close: "Close",
  },
  status: {
    unsaved: "Saving...",
    notReady: "Kept in this browser until it has a title, a slug and text",
    offlineLater: "saves by itself when the connection returns",
    signedOut:
      "your session expired. Sign in again: the text stays in this browser and comes back when you open the post.",
    serverError: "the server failed. The text is kept in this browser; trying again.",
    stale: "this post was changed in another tab or window.",
    refused: "fix {fields}.",
    offlinePublish:
      "Offline: nothing was published. The text is kept in this browser and saved when the connection returns.",
    compare: "Compare",
    retry: "Try again",
  },
  conflict: {
    heading: "The version saved in another tab, compared with your text",
    help: "Keeping your text saves it over the other version (which stays in the revisions). Using the saved version replaces your text with it: copy yours first if you want to keep it.",
    keepMine: "Keep my text",
    takeTheirs: "Use the saved version",
    fields: "Also different: {fields}.",
  },
  toasts: {
    published: "Post published.",
    publicationUpdated: "Publication updated.",
    scheduled: "Post scheduled.",
    unpublished: "Post unpublished: it is a draft again.",
    savedPending: "Saved without publishing: readers see the published version until you click Update publication.",
    restoredPending: "Revision restored as unpublished changes. Click Update publication to publish it.",
  },
  restoreConfirmPublished:
    "Restore this revision? The post is published: it becomes unpublished changes, and readers keep seeing the published version until you click Update publication. The current text stays in the history.",
  restoreYes: "Yes, restore",
} satisfies Dictionary["admin"]["editor"];
