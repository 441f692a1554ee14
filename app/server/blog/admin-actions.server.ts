/**
 * What the admin screen's form posts do: create, save, publish, schedule,
 * unpublish and delete the author's posts, and restore a revision, each
 * answered with a message in the author's language and, for a refused form,
 * the error of each field. Nothing is half-written: a refused request
 * changes nothing.
 *
 * The editor's intents: `save` never changes what readers see (a published
 * post's changes wait as its pending version), `publish` puts the form live
 * now, `schedule` sets its time, `unpublish` makes it a draft again, and
 * `autosave` is a save the editor makes by itself. `create` and `update` are
 * the plain form's: its `published` and `scheduledAt` fields decide.
 */
import { type Dictionary, format } from "~/i18n";
import { postPath } from "~/lib/blog-paths.ts";
import type { PostActionResult as ActionBody, CurrentVersion, SavedPost } from "~/lib/post-actions.ts";
import { type PostField, type PostInput, parsePostInput } from "~/lib/post-input.ts";
import type { Database } from "../db/client.server.ts";
import type { Blog, User } from "../db/schema.ts";
import { autosaves } from "../metrics.server.ts";
import {
  type NewsletterChoice,
  newsletterChoiceOf,
  readersByLang,
  settledPosts,
} from "../newsletter/publish-choice.server.ts";
import { type AppServices, newsletterEnabled } from "../services.server.ts";
import type { ObjectStorage } from "../uploads/storage.server.ts";
import { removeCover } from "./covers.server.ts";
import { CONTAINERS_PER_LINE, MARKS_PER_BLOCK, markdownHazards } from "./markdown-guard.server.ts";
import {
  coverInUse,
  createPost,
  findOwnPost,
  isScheduled,
  restoreRevision,
  type SaveResult,
  updatePost,
} from "./posts.server.ts";
import { markNewestAsSave, pendingVersions, restoreAsPending, versionOf } from "./revisions.server.ts";
import { namedTags } from "./tags.server.ts";
import { slugInTrash, trashPost } from "./trash.server.ts";

type Messages = Dictionary["admin"];

/** What the editor's actions need of the server: the database, the stored files, the workers a save wakes. */
export type PostServices = Pick<AppServices, "db" | "uploads" | "newsletter" | "webmentions" | "fediverse">;

/**
 * A save that made a post public now is announced by the newsletter now, not
 * at its next poll, its links are mentioned now (a new version of a public
 * post), and the fediverse's followers are sent its Create, Update or Delete
 * now.
 */
function announce(app: PostServices, result: SaveResult): SaveResult {
  if (result.status !== "saved") return result;
  app.newsletter?.worker?.wake();
  app.webmentions?.worker?.wake();
  app.fediverse?.wake();
  return result;
}

const reply = (status: number, body: ActionBody) => ({ status, body });

const EDITOR_INTENTS = ["save", "publish", "schedule", "unpublish"] as const;
type EditorIntent = (typeof EDITOR_INTENTS)[number];
const isEditorIntent = (intent: string): intent is EditorIntent =>
  (EDITOR_INTENTS as readonly string[]).includes(intent);

function savedPost(post: Blog, pending: boolean): SavedPost {
  const scheduled = isScheduled(post);
  return {
    id: post.id,
    updatedAt: post.updatedAt.toISOString(),
    pending,
    published: post.published && !scheduled,
    scheduledAt: scheduled ? (post.publishedAt?.toISOString() ?? null) : null,
    path: postPath({ lang: post.lang === "en" ? "en" : "pt", slug: post.slug }),
  };
}

/** What a successful save says, by what the author asked for. */
function savedMessage(intent: string, post: SavedPost, wasPublished: boolean, messages: Messages): string {
  const { toasts } = messages;
  const editor = messages.editor.toasts;
  switch (intent) {
    case "create":
      return toasts.created;
    case "restore":
      return post.pending ? editor.restoredPending : toasts.restored;
    case "publish":
      return wasPublished ? editor.publicationUpdated : editor.published;
    case "schedule":
      return editor.scheduled;
    case "unpublish":
      return editor.unpublished;
    case "save":
      return post.pending ? editor.savedPending : toasts.updated;
    default:
      return toasts.updated;
  }
}

/** The slug a save asked for, to say whether the post that holds it is the author's own, in the trash. */
interface AskedSlug {
  authorId: string;
  lang: string;
  slug: string;
}

async function saveReply(
  db: Database,
  intent: string,
  result: SaveResult,
  messages: Messages,
  wasPublished = false,
  asked?: AskedSlug,
) {
  switch (result.status) {
    case "saved": {
      if (intent === "autosave") autosaves.inc();
      const saved = savedPost(result.post, Boolean(result.pending));
      return reply(200, { ok: true, intent, saved, message: savedMessage(intent, saved, wasPublished, messages) });
    }
    case "slug-taken": {
      const trashed = asked ? await slugInTrash(db, asked.authorId, asked.lang, asked.slug) : false;
      return reply(409, {
        ok: false,
        intent,
        message: format(messages.errors.fixFields, { fields: messages.fields.slug }),
        fieldErrors: { slug: trashed ? messages.errors.slugInTrash : messages.errors.slugTaken },
      });
    }
    case "stale":
      return reply(409, {
        ok: false,
        intent,
        message: messages.errors.stale,
        current: await newerVersion(db, result.current),
      });
    case "not-found":
      return reply(404, { ok: false, intent, message: messages.errors.notFound });
    case "already-public":
      return reply(409, {
        ok: false,
        intent,
        message: messages.errors.alreadyPublic,
        fieldErrors: { scheduledAt: messages.errors.alreadyPublic },
      });
    case "translation-not-found":
    case "translation-same-lang":
    case "translation-taken": {
      const message = {
        "translation-not-found": messages.errors.translationNotFound,
        "translation-same-lang": messages.errors.translationSameLang,
        "translation-taken": messages.errors.translationTaken,
      }[result.status];
      return reply(409, { ok: false, intent, message, fieldErrors: { translationOf: message } });
    }
  }
}

/** The version another tab saved: a published post's pending one, if it has one. */
async function newerVersion(db: Database, post: Blog): Promise<CurrentVersion> {
  const version = versionOf((await pendingVersions(db, [post.id])).get(post.id) ?? post);
  return { updatedAt: post.updatedAt.toISOString(), ...version, tags: await namedTags(db, version.lang, version.tags) };
}

/** Removes a cover no post shows any more (a translation may share its original's cover). */
async function releaseCover(uploads: ObjectStorage, db: Database, url: string | null) {
  if (url && !(await coverInUse(db, url))) await removeCover(uploads, url);
}

/** The version of the post the editor loaded (its `updated_at`); a form without a readable one is stale. */
function editedVersion(form: FormData): Date | undefined {
  const expected = new Date(String(form.get("updatedAt") ?? ""));
  return Number.isNaN(expected.getTime()) ? undefined : expected;
}

const isPublic = (post: Blog) => post.published && post.publishedAt !== null && !isScheduled(post);

/** The field names of a refusal, in the author's language and in the form's order. */
/**
 * A text the Markdown parser cannot take as it is (markdown-guard.server.ts),
 * refused with the line to change; the author's words stay in the form.
 */
function contentHazard(content: string, messages: Messages): string | undefined {
  const [hazard] = markdownHazards(content);
  if (!hazard) return undefined;
  return hazard.kind === "marks"
    ? format(messages.errors.contentTooManyMarks, { line: hazard.line, max: MARKS_PER_BLOCK })
    : format(messages.errors.contentTooDeep, { line: hazard.line, max: CONTAINERS_PER_LINE });
}

function fieldNames(errors: Partial<Record<PostField, string>>, messages: Messages): string {
  const labels: Record<string, string> = {
    title: messages.fields.title,
    slug: messages.fields.slug,
    content: messages.fields.content,
    excerpt: messages.fields.excerpt,
    lang: messages.fields.lang,
    tags: messages.fields.tags,
    translationOf: messages.fields.translation,
    coverImage: messages.fields.cover,
    coverAlt: messages.fields.coverAlt,
    coverCaption: messages.fields.coverCaption,
    seoDescription: messages.editor.settings.seoDescription,
    socialTitle: messages.editor.settings.socialTitle,
    socialDescription: messages.editor.settings.socialDescription,
    scheduledAt: messages.fields.scheduleAt,
  };
  const refused: Record<string, string | undefined> = errors;
  return Object.keys(labels)
    .filter((field) => refused[field])
    .map((field) => labels[field])
    .join(", ");
}

/**
 * The publication an editor intent asks for, on the form's text: `save`
 * keeps the post's own (a draft stays a draft, a scheduled post keeps its
 * time), the others set it.
 */
function withPublication(intent: EditorIntent, input: PostInput, current: Blog | undefined): PostInput {
  switch (intent) {
    case "publish":
      return { ...input, published: true, scheduledAt: null };
    case "schedule":
      return { ...input, published: false };
    case "unpublish":
      return { ...input, published: false, scheduledAt: null };
    case "save": {
      const scheduledAt = current && isScheduled(current) ? current.publishedAt : null;
      return { ...input, published: Boolean(current?.published), scheduledAt };
    }
  }
}

/**
 * Whether this save makes the post public (now or at its scheduled time)
 * for the first time as far as the newsletter knows, and so would mail its
 * language's confirmed readers: the count, or 0 when it mails nobody (no
 * newsletter, no readers, a post mailed or skipped before, a post readers
 * already see).
 */
async function readersMailed(app: PostServices, input: PostInput, current: Blog | undefined): Promise<number> {
  if (!input.published && !input.scheduledAt) return 0;
  if (current && isPublic(current)) return 0;
  if (!newsletterEnabled(app)) return 0;
  if (current && (await settledPosts(app.db, [current.id])).has(current.id)) return 0;
  return (await readersByLang(app.db))[input.lang === "en" ? "en" : "pt"];
}

/**
 * A publication that would mail must carry the author's answer (`send` or
 * `skip`); without one nothing is saved and the editor is told to ask, with
 * the count. So a request that never said "mail them" cannot mail anyone.
 */
async function newsletterAnswer(
  app: PostServices,
  form: FormData,
  intent: string,
  input: PostInput,
  current: Blog | undefined,
  messages: Messages,
): Promise<{ choice: NewsletterChoice | undefined } | { refusal: ReturnType<typeof reply> }> {
  const count = await readersMailed(app, input, current);
  if (count === 0) return { choice: undefined };
  const choice = newsletterChoiceOf(form);
  if (choice) return { choice };
  const lang = input.lang === "en" ? "en" : "pt";
  return {
    refusal: reply(409, {
      ok: false,
      intent,
      message: messages.editor.newsletter.unanswered,
      newsletter: { count, lang },
    }),
  };
}

async function restoreAction(app: PostServices, form: FormData, author: User, messages: Messages) {
  const { db, uploads } = app;
  const intent = "restore";
  const id = String(form.get("id") ?? "");
  const revisionId = String(form.get("revisionId") ?? "");
  const expected = editedVersion(form);
  if (!expected) return reply(409, { ok: false, intent, message: messages.errors.stale });
  const post = await findOwnPost(db, author.id, id);
  // A post readers see keeps its text until the author publishes the restored one.
  if (post && isPublic(post)) {
    const result = await restoreAsPending(db, author.id, id, revisionId, expected);
    if (result.status === "not-found") {
      return reply(404, { ok: false, intent, message: messages.errors.revisionNotFound });
    }
    return saveReply(db, intent, result, messages);
  }
  const result = announce(app, await restoreRevision(db, author.id, id, revisionId, expected));
  if (result.status === "not-found") {
    return reply(404, { ok: false, intent, message: messages.errors.revisionNotFound });
  }
  if (result.status === "saved") await releaseCover(uploads, db, result.replacedCover);
  return saveReply(db, intent, result, messages);
}

export async function savePostAction(app: PostServices, form: FormData, author: User, messages: Messages) {
  const { db, uploads } = app;
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");

  // Deleting moves the post to the trash, where it can be restored; only the trash deletes for good.
  if (intent === "delete") {
    const trashed = await trashPost(db, author.id, id);
    if (!trashed) return reply(404, { ok: false, intent, message: messages.errors.notFound });
    return reply(200, { ok: true, intent, message: messages.manage.moved });
  }

  if (intent === "restore") return restoreAction(app, form, author, messages);

  if (intent !== "create" && intent !== "update" && intent !== "autosave" && !isEditorIntent(intent)) {
    return reply(400, { ok: false, intent, message: messages.errors.unknownIntent });
  }
  const parsed = parsePostInput(form, author.id, messages.errors);
  const errors: Partial<Record<PostField, string>> = parsed.ok ? {} : { ...parsed.errors };
  const hazard = errors.content
    ? undefined
    : contentHazard(parsed.ok ? parsed.value.content : String(form.get("content") ?? ""), messages);
  if (hazard) errors.content = hazard;
  if (!parsed.ok || errors.content) {
    const message = format(messages.errors.fixFields, { fields: fieldNames(errors, messages) });
    return reply(400, { ok: false, intent, message, fieldErrors: errors });
  }
  let input = parsed.value;
  if (intent === "schedule" && !input.scheduledAt) {
    const error = messages.errors.scheduleInvalid;
    const message = format(messages.errors.fixFields, { fields: messages.fields.scheduleAt });
    return reply(400, { ok: false, intent, message, fieldErrors: { scheduledAt: error } });
  }

  // With no id it is a new post; "create" (or any editor intent) with an id finishes one an autosave began.
  if (!id) {
    if (intent === "update") return reply(404, { ok: false, intent, message: messages.errors.notFound });
    if (isEditorIntent(intent)) input = withPublication(intent, input, undefined);
    // An autosave goes through the same checks as a save; it never publishes (posts.server.ts).
    const mode = intent === "autosave" ? "autosave" : "save";
    const answer =
      mode === "autosave"
        ? { choice: undefined }
        : await newsletterAnswer(app, form, intent, input, undefined, messages);
    if ("refusal" in answer) return answer.refusal;
    const asked = { authorId: author.id, lang: input.lang, slug: input.slug };
    const result = announce(
      app,
      await createPost(db, author.id, input, mode, { skipNewsletter: answer.choice === "skip" }),
    );
    return saveReply(db, intent, result, messages, false, asked);
  }

  const expected = editedVersion(form);
  if (!expected) return reply(409, { ok: false, intent, message: messages.errors.stale });
  let mode: "save" | "autosave" = intent === "autosave" ? "autosave" : "save";
  let wasPublished = false;
  let current: Blog | undefined;
  if (isEditorIntent(intent)) {
    current = await findOwnPost(db, author.id, id);
    if (!current) return reply(404, { ok: false, intent, message: messages.errors.notFound });
    wasPublished = isPublic(current);
    input = withPublication(intent, input, current);
    // Saving a post readers see keeps its changes aside, as an autosave does, until it is published.
    if (intent === "save" && wasPublished) mode = "autosave";
  } else if (intent === "update") {
    current = await findOwnPost(db, author.id, id);
  }
  let choice: NewsletterChoice | undefined;
  // `save` keeps the post's publication as it is: a schedule was asked about when it was set.
  if (mode === "save" && intent !== "save") {
    const answer = await newsletterAnswer(app, form, intent, input, current, messages);
    if ("refusal" in answer) return answer.refusal;
    choice = answer.choice;
  }
  const result = announce(
    app,
    await updatePost(db, author.id, id, input, expected, mode, {
      skipNewsletter: choice === "skip",
      updatesPublication: intent === "publish" && wasPublished,
    }),
  );
  if (result.status === "saved") {
    await releaseCover(uploads, db, result.replacedCover);
    if (intent === "save" && result.pending) await markNewestAsSave(db, result.post.id);
  }
  return saveReply(db, intent, result, messages, wasPublished, {
    authorId: author.id,
    lang: input.lang,
    slug: input.slug,
  });
}
