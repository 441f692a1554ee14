/**
 * The five static articles: metadata in `articles/meta.json`, bodies as
 * Markdown in `articles/{id}.{lang}.md`, their tags' names in
 * `article-tags.ts`. Checked when the module loads, so a missing translation,
 * a tag without a name or a malformed date fails the build, not a reader.
 * Server-only in practice: the bodies are read by loaders, never shipped to
 * the browser.
 */
import { z } from "zod";
import { languages } from "~/i18n/paths.ts";
import { articleTagNames } from "./article-tags.ts";
import rawMeta from "./articles/meta.json";
import { type StaticArticleId, staticArticleIds } from "./ids.ts";
import type { Localized } from "./localized.ts";

const localizedText = z.object({ pt: z.string().min(1), en: z.string().min(1) });

const metaSchema = z
  .array(
    z.object({
      id: z.enum(staticArticleIds),
      date: z.iso.date(),
      tags: z
        .array(z.string().min(1))
        .min(1)
        .refine((tags) => tags.every((tag) => Object.hasOwn(articleTagNames, tag)), {
          error: "every tag needs its names in app/content/article-tags.ts",
        }),
      title: localizedText,
      excerpt: localizedText,
      /** The words drawn on the generated cover (`tools/build/generate-images.ts`). */
      cover: z.object({ title: localizedText, tagline: localizedText }),
    }),
  )
  .length(staticArticleIds.length);

export interface StaticArticle {
  id: StaticArticleId;
  /** Publication day, `YYYY-MM-DD`. */
  date: string;
  tags: readonly string[];
  title: Localized;
  excerpt: Localized;
  /** The title and tagline drawn on its generated cover, in each language. */
  cover: { title: Localized; tagline: Localized };
  /** Markdown body in each language. */
  body: Localized;
}

const bodies = import.meta.glob<string>("./articles/*.md", { query: "?raw", import: "default", eager: true });

function body(id: string, lang: string): string {
  const text = bodies[`./articles/${id}.${lang}.md`];
  if (!text?.trim()) throw new Error(`The article "${id}" has no ${lang} body (app/content/articles/${id}.${lang}.md)`);
  return text;
}

export const staticArticles: readonly StaticArticle[] = metaSchema.parse(rawMeta).map((meta) => ({
  ...meta,
  body: Object.fromEntries(languages.map((lang) => [lang, body(meta.id, lang)])) as Localized,
}));

/** The static article with this id, if any. */
export function findStaticArticle(id: string): StaticArticle | undefined {
  return staticArticles.find((article) => article.id === id);
}
