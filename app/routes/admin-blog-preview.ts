import { langFromQuery } from "~/i18n";
import { POST_LIMITS } from "~/lib/post-input.ts";
import { requireAuthorForApi } from "~/server/auth/guard.server.ts";
import type { Route } from "./+types/admin-blog-preview";

export const middleware: Route.MiddlewareFunction[] = [requireAuthorForApi];

/** An opening tag: its name and what follows it up to `>`. */
const TAG = /<([a-zA-Z][a-zA-Z0-9-]*)((?:"[^"]*"|'[^']*'|[^'">])*)>/g;
const ATTRIBUTE = /([^\s"'<>/=]+)(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?/g;

/** The element names, and the attribute names as `element attribute`, of some HTML. */
function namesIn(html: string): { elements: Set<string>; attributes: Set<string> } {
  const elements = new Set<string>();
  const attributes = new Set<string>();
  for (const [, name = "", rest = ""] of html.matchAll(TAG)) {
    const element = name.toLowerCase();
    elements.add(element);
    for (const [, attribute = ""] of rest.matchAll(ATTRIBUTE)) attributes.add(`${element} ${attribute.toLowerCase()}`);
  }
  return { elements, attributes };
}

/**
 * What the sanitizing took out of a post: the elements, and the attributes
 * of elements that stayed, found in the text as written (its raw HTML kept)
 * and missing from what the page shows, e.g. `["iframe", "a href"]`.
 */
function removedNames(written: string, shown: string): string[] {
  const before = namesIn(written);
  const after = namesIn(shown);
  const elements = [...before.elements].filter((name) => !after.elements.has(name));
  const attributes = [...before.attributes].filter(
    (name) => !after.attributes.has(name) && after.elements.has(name.split(" ")[0] ?? ""),
  );
  return [...elements, ...attributes];
}

/**
 * Renders Markdown exactly as the public page will: the same pipeline, the
 * same sanitizing. It also names what the sanitizing removed (raw HTML, event
 * handlers, unsafe links), so the author is told rather than left guessing.
 */
export async function action({ request }: Route.ActionArgs) {
  const lang = langFromQuery(request.url);
  const form = await request.formData().catch(() => null);
  const content = String(form?.get("content") ?? "").slice(0, POST_LIMITS.content);
  // The pipeline is heavy; it loads with the first preview, not with the server.
  const [{ renderMarkdown }, { unified }, { default: remarkParse }, { default: remarkGfm }, remarkRehype, stringify] =
    await Promise.all([
      import("~/server/blog/markdown.server.ts"),
      import("unified"),
      import("remark-parse"),
      import("remark-gfm"),
      import("remark-rehype"),
      import("rehype-stringify"),
    ]);
  const { html, hazard } = renderMarkdown(content, lang);
  // A text the parser would spend minutes on is shown as plain text, which removes nothing; the save names its line.
  if (hazard) return Response.json({ html, removed: [] });
  // The same Markdown with its raw HTML kept and nothing sanitized: what the author wrote, as HTML.
  const written = String(
    await unified()
      .use(remarkParse)
      .use(remarkGfm)
      .use(remarkRehype.default, { allowDangerousHtml: true })
      .use(stringify.default, { allowDangerousHtml: true })
      .process(content),
  );
  return Response.json({ html, removed: removedNames(written, html) });
}
