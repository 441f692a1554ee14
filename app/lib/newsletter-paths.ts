/**
 * Addresses of the newsletter's pages, in the language each is shown in.
 * Relative imports only: the server's own newsletter worker loads this in
 * plain Node under `npm run dev`.
 */
import { type Lang, localizePath } from "../i18n/paths.ts";

/** The page to subscribe on, and where every subscription form posts. */
export const newsletterPath = (lang: Lang) => localizePath("/newsletter", lang);

/** The page a confirmation mail links to: a button there confirms. */
export const confirmPath = (lang: Lang) => localizePath("/newsletter/confirm", lang);

/** The page every mail's footer links to (leave, or change language and frequency); a one-click POST unsubscribes. */
export const unsubscribePath = (lang: Lang) => localizePath("/newsletter/unsubscribe", lang);

/** The privacy page. */
export const privacyPath = (lang: Lang) => localizePath("/privacidade", lang);

/** A path of this site with `?token=` added. */
export const withToken = (path: string, token: string) => `${path}?token=${encodeURIComponent(token)}`;
