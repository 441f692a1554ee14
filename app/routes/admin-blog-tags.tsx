import { data } from "react-router";
import { PostsSubpageHeader } from "~/components/admin/PostsSubpageHeader.tsx";
import { TagNames, type TagRow } from "~/components/admin/TagNames.tsx";
import type { SignedInHandle } from "~/components/layout/AuthButtons.tsx";
import type { HydrationHandle } from "~/first-paint/held-hydration.ts";
import { dictionaryFor, format, isLang, langFromPath, languages, useT } from "~/i18n";
import { POST_LIMITS } from "~/lib/post-input.ts";
import { adminPageMeta } from "~/lib/seo.ts";
import { SLUG_PATTERN } from "~/lib/slugify.ts";
import { authorContext, requireAuthor } from "~/server/auth/guard.server.ts";
import { type ManagedTag, managedTags, setTagTranslation } from "~/server/blog/tags.server.ts";
import { countUnread } from "~/server/contact/messages.server.ts";
import { readForm } from "~/server/form.server.ts";
import { servicesOf } from "~/server/request-context.server.ts";
import type { Route } from "./+types/admin-blog-tags";

// Runs before the loader and the action, on document and data requests alike: a visitor never reaches either.
export const middleware: Route.MiddlewareFunction[] = [requireAuthor];

// A screen of controls: hydrated as soon as its scripts arrive, not after its first paint.
export const handle = { hydrateAtOnce: true, signedIn: true } satisfies HydrationHandle & SignedInHandle;

export const meta: Route.MetaFunction = ({ location }) =>
  adminPageMeta(dictionaryFor(langFromPath(location.pathname)).admin.manage.tags, location.pathname);

const row = (tag: ManagedTag): TagRow => ({
  slug: tag.slug,
  name: tag.name,
  posts: tag.posts,
  ...(tag.other ? { otherName: tag.other.name } : {}),
});

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = servicesOf(context);
  const author = context.get(authorContext);
  const [pt, en, unread] = await Promise.all([
    managedTags(db, author.id, "pt"),
    managedTags(db, author.id, "en"),
    countUnread(db),
  ]);
  return { unread, tags: { pt: pt.map(row), en: en.map(row) } };
}

/** Gives a tag its name in the other language (an empty name unlinks it). */
export async function action({ request, context }: Route.ActionArgs) {
  const lang = langFromPath(new URL(request.url).pathname);
  const texts = dictionaryFor(lang).admin;
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const tagLang = String(form.get("lang") ?? "");
  const slug = String(form.get("slug") ?? "");
  if (intent !== "name-tag" || !isLang(tagLang) || !SLUG_PATTERN.test(slug) || slug.length > POST_LIMITS.tag) {
    return data({ ok: false, message: texts.errors.unknownIntent }, { status: 400 });
  }
  const language = texts.languages[tagLang === "pt" ? "en" : "pt"];
  const result = await setTagTranslation(servicesOf(context).db, tagLang, slug, String(form.get("name") ?? ""));
  if (result.status === "saved") return data({ ok: true, message: texts.manage.tags.saved });
  const fieldError =
    result.status === "too-long"
      ? format(texts.manage.tags.tooLong, { language, max: POST_LIMITS.tag })
      : format(texts.manage.tags.invalid, { language });
  return data({ ok: false, message: fieldError, fieldError }, { status: 400 });
}

export default function AdminTagsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  const texts = t.admin.manage.tags;
  return (
    <>
      <PostsSubpageHeader unread={loaderData.unread} heading={texts.title} lead={texts.description} />
      <div className="container-page grid gap-10 py-10">
        {languages.map((lang) => (
          <TagNames key={lang} lang={lang} tags={loaderData.tags[lang]} />
        ))}
      </div>
    </>
  );
}
