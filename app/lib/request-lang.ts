import { type Lang, langFromPath } from "~/i18n/paths.ts";

/**
 * The language of the page a loader answers for, read from the requested
 * URL: the page itself or its data (`/en/about.data` is English).
 * @example requestLang(new Request("https://site/en/about.data")) // "en"
 */
export function requestLang(request: Request): Lang {
  return langFromPath(new URL(request.url).pathname);
}
