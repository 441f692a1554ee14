/**
 * What the Markdown renderer (markdown.server.ts) marks in a post's HTML, for
 * the code that reads that HTML back without loading the renderer: the
 * webmention queue, which loads it only when a post has links to send.
 */

/** The class of a link that stands for an image kept on another site: a picture, not a page the post mentions. */
export const FOREIGN_IMAGE = "foreign-image";
