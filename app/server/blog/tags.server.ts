/**
 * Tags keep the names their authors typed ("Programação Funcional"), one
 * name per tag and language, while posts and addresses keep the slug
 * (`programacao-funcional`). A tag may be linked to the tag that names the
 * same thing in the other language ("Functional Programming"): rows that
 * share a `translation_group`, at most one per language. A slug without a
 * row shows as itself, so posts written before names were kept still work.
 */
import { randomUUID } from "node:crypto";
import { and, eq, inArray, ne, or, sql } from "drizzle-orm";
import type { Lang } from "../../i18n/paths.ts";
import { normalizeTag, POST_LIMITS, tagName } from "../../lib/post-input.ts";
import type { Database, Queryable } from "../db/client.server.ts";
import { blogs, blogTags } from "../db/schema.ts";
import { invalidatePublicPages } from "./page-cache.server.ts";
import { publicNow } from "./visibility.server.ts";

/** Names by slug: only the tags whose name says more than their slug. */
export type TagNames = Record<string, string>;

/**
 * Stores the names a save typed for its tags. A name the author typed as
 * the slug itself (an old post saved again, a form without scripts) never
 * replaces a name given earlier; any other spelling is the tag's name now.
 */
export async function saveTagNames(tx: Queryable, lang: Lang, names: Readonly<TagNames>): Promise<void> {
  const rows = Object.entries(names)
    .filter(([slug, name]) => slug && name && normalizeTag(name) === slug)
    .map(([slug, name]) => ({ lang, slug, name }));
  if (rows.length === 0) return;
  await tx
    .insert(blogTags)
    .values(rows)
    .onConflictDoUpdate({
      target: [blogTags.lang, blogTags.slug],
      set: { name: sql`excluded.name` },
      setWhere: sql`excluded.name <> excluded.slug and excluded.name is distinct from ${blogTags.name}`,
    });
}

/**
 * The names of a language's tags, for the slugs given: only those whose name
 * differs from the slug, so a page of tags without names carries nothing more.
 * @example await tagNamesFor(db, "pt", ["programacao-funcional", "node"]) // { "programacao-funcional": "Programação Funcional" }
 */
export async function tagNamesFor(db: Queryable, lang: Lang, slugs: readonly string[]): Promise<TagNames> {
  const wanted = [...new Set(slugs)];
  if (wanted.length === 0) return {};
  const rows = await db
    .select({ slug: blogTags.slug, name: blogTags.name })
    .from(blogTags)
    .where(and(eq(blogTags.lang, lang), inArray(blogTags.slug, wanted), ne(blogTags.name, blogTags.slug)));
  return Object.fromEntries(rows.map((row) => [row.slug, row.name]));
}

/**
 * The names of the tags of these posts (or versions of posts), by language:
 * one query per language.
 */
export async function tagNamesOfPosts(
  db: Queryable,
  posts: readonly { lang: string; tags: readonly string[] }[],
): Promise<Record<Lang, TagNames>> {
  const of = (lang: Lang) => posts.filter((post) => post.lang === lang).flatMap((post) => post.tags);
  const [pt, en] = await Promise.all([tagNamesFor(db, "pt", of("pt")), tagNamesFor(db, "en", of("en"))]);
  return { pt, en };
}

/**
 * A tag as readers see it: its name, or the slug when it has none.
 * @example tagLabel("node-js", { "node-js": "Node.js" }) // "Node.js"
 */
export function tagLabel(slug: string, names: Readonly<TagNames> | undefined): string {
  return names?.[slug] ?? slug;
}

/**
 * A version's tags as the editor shows them: each by its name in the
 * version's language, or its slug when it has none.
 */
export async function namedTags(db: Queryable, lang: string, slugs: readonly string[]): Promise<string[]> {
  const names = await tagNamesFor(db, lang === "en" ? "en" : "pt", slugs);
  return slugs.map((slug) => tagLabel(slug, names));
}

/** The tag that names the same thing in language `to`: its slug and name, or undefined. */
export async function tagInOtherLanguage(
  db: Queryable,
  slug: string,
  from: Lang,
  to: Lang,
): Promise<{ slug: string; name: string } | undefined> {
  const [row] = await db
    .select({ slug: blogTags.slug, name: blogTags.name })
    .from(blogTags)
    .where(
      and(
        eq(blogTags.lang, to),
        sql`${blogTags.translationGroup} = (select t.translation_group from blog_tags t where t.lang = ${from} and t.slug = ${slug})`,
      ),
    );
  return row;
}

/**
 * The names the tags of language `from` have in language `to`, for those
 * linked to a tag there, by slug.
 * @example await namesInOtherLanguage(db, "pt", "en", ["programacao-funcional"]) // { "programacao-funcional": "Functional Programming" }
 */
export async function namesInOtherLanguage(
  db: Queryable,
  from: Lang,
  to: Lang,
  slugs: readonly string[],
): Promise<TagNames> {
  const wanted = [...new Set(slugs)];
  if (wanted.length === 0) return {};
  const rows = await db
    .select({ slug: blogTags.slug, other: sql<string>`other.name` })
    .from(blogTags)
    .innerJoin(sql`blog_tags other`, sql`other.lang = ${to} and other.translation_group = ${blogTags.translationGroup}`)
    .where(and(eq(blogTags.lang, from), inArray(blogTags.slug, wanted)));
  return Object.fromEntries(rows.map((row) => [row.slug, row.other]));
}

/**
 * The tags of a post in `from` as a translation into `to` should start with:
 * the name each has in `to` when it has been given one, otherwise its name
 * (or slug) in `from`.
 * @example await translatedTags(db, ["programacao-funcional"], "pt", "en") // ["Functional Programming"]
 */
export async function translatedTags(db: Queryable, tags: readonly string[], from: Lang, to: Lang): Promise<string[]> {
  if (tags.length === 0) return [];
  const rows = await db
    .select({ slug: blogTags.slug, name: blogTags.name, other: sql<string | null>`other.name` })
    .from(blogTags)
    .leftJoin(sql`blog_tags other`, sql`other.lang = ${to} and other.translation_group = ${blogTags.translationGroup}`)
    .where(and(eq(blogTags.lang, from), inArray(blogTags.slug, [...tags])));
  const bySlug = new Map(rows.map((row) => [row.slug, row.other ?? row.name]));
  return tags.map((slug) => bySlug.get(slug) ?? slug);
}

/** Every pair of tags linked as each other's translation: the Portuguese slug and the English one. */
export async function tagTranslationPairs(db: Queryable): Promise<{ pt: string; en: string }[]> {
  const rows = await db
    .select({ pt: blogTags.slug, en: sql<string>`en.slug` })
    .from(blogTags)
    .innerJoin(sql`blog_tags en`, sql`en.lang = 'en' and en.translation_group = ${blogTags.translationGroup}`)
    .where(eq(blogTags.lang, "pt"));
  return rows;
}

/** One tag on the tags page: its name here and, when given, in the other language. */
export interface ManagedTag {
  slug: string;
  name: string;
  /** Posts of the language that have it (public ones, and the author's own drafts). */
  posts: number;
  /** The other language's tag it is linked to. */
  other?: { slug: string; name: string };
}

/**
 * The tags of a language an author may see, most used first: those of public
 * posts and of the author's own posts (never another author's drafts),
 * besides those named already, with their links to the other language.
 */
export async function managedTags(db: Database, authorId: string, lang: Lang): Promise<ManagedTag[]> {
  const tag = sql<string>`unnest(${blogs.tags})`.as("tag");
  const used = await db
    .select({ tag })
    .from(blogs)
    .where(and(eq(blogs.lang, lang), sql`${blogs.deletedAt} is null`, or(publicNow, eq(blogs.authorId, authorId))));
  const counts = new Map<string, number>();
  for (const row of used) counts.set(row.tag, (counts.get(row.tag) ?? 0) + 1);
  const other: Lang = lang === "pt" ? "en" : "pt";
  const named = await db
    .select({
      slug: blogTags.slug,
      name: blogTags.name,
      otherSlug: sql<string | null>`o.slug`,
      otherName: sql<string | null>`o.name`,
    })
    .from(blogTags)
    .leftJoin(sql`blog_tags o`, sql`o.lang = ${other} and o.translation_group = ${blogTags.translationGroup}`)
    .where(eq(blogTags.lang, lang));
  const rows = new Map(named.map((row) => [row.slug, row]));
  // A named tag no post uses any more is left out: there is nothing of it to show.
  return [...counts.entries()]
    .map(([slug, posts]): ManagedTag => {
      const row = rows.get(slug);
      return {
        slug,
        name: row?.name ?? slug,
        posts,
        ...(row?.otherSlug && row.otherName ? { other: { slug: row.otherSlug, name: row.otherName } } : {}),
      };
    })
    .sort((a, b) => b.posts - a.posts || a.name.localeCompare(b.name));
}

export type TagTranslationResult = { status: "saved" } | { status: "invalid" } | { status: "too-long" };

/**
 * Gives the tag `slug` of `lang` its name in the other language: that
 * language's tag (made from the name, and named so) and this one are linked,
 * each leaving any tag it was linked to before. An empty name unlinks it.
 * @example await setTagTranslation(db, "pt", "programacao-funcional", "Functional Programming")
 */
export async function setTagTranslation(
  db: Database,
  lang: Lang,
  slug: string,
  typed: string,
): Promise<TagTranslationResult> {
  const name = tagName(typed);
  if (name.length > POST_LIMITS.tag) return { status: "too-long" };
  const otherSlug = normalizeTag(name);
  if (name && !otherSlug) return { status: "invalid" };
  const other: Lang = lang === "pt" ? "en" : "pt";
  await db.transaction(async (tx) => {
    // The tag gets a row of its own if it had none: its name is its slug until someone types another.
    await tx.insert(blogTags).values({ lang, slug, name: slug }).onConflictDoNothing();
    const [own] = await tx
      .select()
      .from(blogTags)
      .where(and(eq(blogTags.lang, lang), eq(blogTags.slug, slug)))
      .for("update");
    if (!own) throw new Error(`The tag ${lang}/${slug} has no row`);
    // Whatever it was linked to, it is not any more; a tag left alone in its group leaves it too.
    if (own.translationGroup) {
      await tx
        .update(blogTags)
        .set({ translationGroup: null })
        .where(eq(blogTags.translationGroup, own.translationGroup));
    }
    if (!name) return;
    await tx
      .insert(blogTags)
      .values({ lang: other, slug: otherSlug, name })
      .onConflictDoUpdate({ target: [blogTags.lang, blogTags.slug], set: { name } });
    const [counterpart] = await tx
      .select()
      .from(blogTags)
      .where(and(eq(blogTags.lang, other), eq(blogTags.slug, otherSlug)))
      .for("update");
    if (counterpart?.translationGroup) {
      await tx
        .update(blogTags)
        .set({ translationGroup: null })
        .where(eq(blogTags.translationGroup, counterpart.translationGroup));
    }
    const group = randomUUID();
    await tx
      .update(blogTags)
      .set({ translationGroup: group })
      .where(
        or(
          and(eq(blogTags.lang, lang), eq(blogTags.slug, slug)),
          and(eq(blogTags.lang, other), eq(blogTags.slug, otherSlug)),
        ),
      );
  });
  invalidatePublicPages();
  return { status: "saved" };
}
