import { createContext } from "react";

/**
 * The rendered body of the article a document shows, handed to the server's
 * render directly rather than through the route's data: a document would
 * otherwise carry the body twice, once as markup and once in the data the
 * browser hydrates from. The browser adopts the body's markup as it is; only
 * a client-side navigation receives the body as data.
 */
export const ArticleHtmlContext = createContext<string | undefined>(undefined);
