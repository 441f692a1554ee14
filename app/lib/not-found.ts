import { data, type MetaDescriptor } from "react-router";
import { dictionaryFor, langFromPath } from "~/i18n";

/** Loader result for a page that does not exist: HTTP 404, rendered by the page itself. */
export function notFound() {
  return data({ found: false as const }, { status: 404 });
}

/** Title and robots tags of a 404 page. */
export function notFoundMeta(pathname: string): MetaDescriptor[] {
  const texts = dictionaryFor(langFromPath(pathname)).notFound;
  return [
    { title: texts.title },
    { name: "description", content: texts.description },
    { name: "robots", content: "noindex" },
  ];
}
