import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Clock } from "~/components/icons";
import { notify } from "~/components/layout/Toasts.tsx";
import { format, type Lang, languages, useT } from "~/i18n";
import { POST_LIMITS } from "~/lib/post-input.ts";
import { slugify } from "~/lib/slugify.ts";
import { useContentImages } from "./ContentImages.tsx";
import { CoverField } from "./CoverField.tsx";
import { Field } from "./Field.tsx";
import { LocalCopyNotice } from "./LocalCopyNotice.tsx";
import { type LocalCopy, localCopyKey, readLocalCopy, removeLocalCopy, writeLocalCopy } from "./local-copy.ts";
import { MarkdownPreview } from "./MarkdownPreview.tsx";
import type { EditablePost, NewPostStart, PostActionResult } from "./post-types.ts";
import { RevisionsPanel } from "./RevisionsPanel.tsx";
import { ScheduleField } from "./ScheduleField.tsx";
import { Switch } from "./Switch.tsx";
import { TagInput } from "./TagInput.tsx";
import { TranslationField } from "./TranslationField.tsx";
import { type AutosaveStatus, type SavedVersion, useAutosave } from "./use-autosave.ts";

interface Values {
  title: string;
  slug: string;
  content: string;
  excerpt: string;
  coverImage: string;
  published: boolean;
  lang: Lang;
  tags: string[];
  translationOf: string;
  scheduled: boolean;
  /** UTC ISO, or "" while no time is entered. */
  scheduledAt: string;
}

function valuesOf(post: EditablePost | undefined, start: NewPostStart): Values {
  if (!post) {
    return {
      title: start.title ?? "",
      slug: start.title ? slugify(start.title) : "",
      content: "",
      excerpt: "",
      coverImage: start.coverImage ?? "",
      published: false,
      lang: start.lang,
      tags: start.tags ?? [],
      translationOf: start.translation?.id ?? "",
      scheduled: false,
      scheduledAt: "",
    };
  }
  return {
    title: post.title,
    slug: post.slug,
    content: post.content,
    excerpt: post.excerpt ?? "",
    coverImage: post.coverImage ?? "",
    // A scheduled post is stored published; the form shows it as scheduled, not as "publish now".
    published: post.published && !post.scheduledAt,
    lang: post.lang,
    tags: post.tags,
    translationOf: post.translation?.id ?? "",
    scheduled: Boolean(post.scheduledAt),
    scheduledAt: post.scheduledAt ?? "",
  };
}

const same = (a: Values[keyof Values], b: Values[keyof Values]) =>
  Array.isArray(a) && Array.isArray(b) ? a.join(",") === b.join(",") : a === b;

/** The fields whose value differs between two versions of the form (a kept copy may lack new fields). */
function changedFields(saved: Values, copy: Partial<Values>): (keyof Values)[] {
  return (Object.keys(saved) as (keyof Values)[]).filter(
    (key) => copy[key] !== undefined && !same(saved[key], copy[key] as Values[keyof Values]),
  );
}

/** The form with a kept copy's values put back, field by field, for the fields it has. */
function restoredValues(current: Values, copy: Partial<Values>): Values {
  const restored = { ...current };
  for (const key of Object.keys(current) as (keyof Values)[]) {
    if (copy[key] !== undefined && typeof copy[key] === typeof current[key]) {
      (restored as Record<keyof Values, unknown>)[key] = copy[key];
    }
  }
  return restored;
}

/**
 * Create or edit a post. What was typed stays in the form when the server
 * refuses it, and in this browser until the server saves it (offered back
 * when the form opens again); a successful save or Cancel closes the form.
 */
export function PostForm({
  author,
  post,
  start,
  posts,
  tagSuggestions,
  onDone,
  onDirtyChange,
}: {
  /** The signed-in author's login: this browser's unsaved copies are kept per author. */
  author: string;
  post?: EditablePost | undefined;
  /** How a new post begins (ignored when editing). */
  start: NewPostStart;
  /** All the author's posts: the translation can be one of them. */
  posts: readonly EditablePost[];
  tagSuggestions: Record<Lang, readonly string[]>;
  onDone: () => void;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const { t } = useT();
  const fetcher = useFetcher<PostActionResult>();
  const initial = useRef(valuesOf(post, start));
  const [values, setValues] = useState<Values>(initial.current);
  // The slug follows the title until the author edits the slug by hand.
  const [slugTouched, setSlugTouched] = useState(Boolean(post));
  const [showRevisions, setShowRevisions] = useState(false);
  const headingId = useId();
  const saving = fetcher.state !== "idle";
  const errors = fetcher.data && !fetcher.data.ok ? (fetcher.data.fieldErrors ?? {}) : {};

  const dirty = (Object.keys(values) as (keyof Values)[]).some((key) => !same(values[key], initial.current[key]));
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  // The version the next save builds on: the post as loaded, then as each autosave left it.
  const [version, setVersion] = useState<{ id?: string; updatedAt?: string; pending: boolean }>({
    ...(post ? { id: post.id, updatedAt: post.updatedAt } : {}),
    pending: post?.pending ?? false,
  });
  const formRef = useRef<HTMLFormElement>(null);
  const valuesRef = useRef(values);
  valuesRef.current = values;
  const autosave = useAutosave({
    form: formRef,
    values,
    dirty,
    ready: Boolean(values.title.trim() && values.slug.trim() && values.content.trim()),
    paused: saving,
    onSaved: useCallback(
      (saved: SavedVersion, sent: Values) => {
        initial.current = sent;
        setVersion(saved);
        if (changedFields(sent, valuesRef.current).length === 0) removeLocalCopy(localCopyKey(author, post?.id));
      },
      [author, post?.id],
    ),
  });

  // Ctrl+S or Cmd+S saves, as the save button does.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== "s") return;
      event.preventDefault();
      formRef.current?.querySelector<HTMLButtonElement>('button[type="submit"]:not(:disabled)')?.click();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);

  // Every change is kept in this browser too, until the server confirms a save.
  const copyKey = localCopyKey(author, post?.id);
  const [offered, setOffered] = useState<LocalCopy<Values> | undefined>(undefined);
  useEffect(() => {
    const copy = readLocalCopy<Values>(copyKey);
    if (copy && changedFields(initial.current, copy.values).length > 0) setOffered(copy);
  }, [copyKey]);
  useEffect(() => {
    if (dirty) writeLocalCopy(copyKey, values);
  }, [dirty, values, copyKey]);

  const handled = useRef<PostActionResult | undefined>(undefined);
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    if (result.ok) {
      removeLocalCopy(copyKey);
      notify("success", result.message);
      onDirtyChange(false);
      onDone();
    } else if (result.message) {
      notify("error", result.message);
    }
  }, [fetcher.state, fetcher.data, onDone, onDirtyChange, copyKey]);

  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const contentRef = useRef<HTMLTextAreaElement>(null);
  const images = useContentImages({
    postLang: values.lang,
    content: values.content,
    cursor: () => contentRef.current?.selectionStart,
    onInsert: (content, cursor) => {
      set("content", content);
      // Back to writing, just after the image.
      requestAnimationFrame(() => {
        contentRef.current?.focus();
        contentRef.current?.setSelectionRange(cursor, cursor);
      });
    },
  });
  const fieldLabels: Record<keyof Values, string> = {
    title: t.admin.fields.title,
    slug: t.admin.fields.slug,
    content: t.admin.fields.content,
    excerpt: t.admin.fields.excerpt,
    coverImage: t.admin.fields.cover,
    published: t.admin.fields.publishNow,
    lang: t.admin.fields.lang,
    tags: t.admin.fields.tags,
    translationOf: t.admin.fields.translation,
    scheduled: t.admin.fields.schedule,
    scheduledAt: t.admin.fields.scheduleAt,
  };

  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-line bg-surface p-5 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-xl font-semibold tracking-tight">
          {post ? t.admin.editHeading : t.admin.createHeading}
        </h2>
        {post && (
          <button
            type="button"
            aria-expanded={showRevisions}
            onClick={() => setShowRevisions((open) => !open)}
            className="inline-flex items-center gap-1.5 rounded-full border border-line px-3.5 py-2 text-sm hover:border-accent hover:text-accent"
          >
            <Clock className="size-4" aria-hidden="true" />
            {showRevisions ? t.admin.revisions.close : t.admin.revisions.open}
          </button>
        )}
      </div>
      {post && showRevisions && (
        <RevisionsPanel
          postId={post.id}
          updatedAt={version.updatedAt ?? post.updatedAt}
          current={values}
          onRestored={() => {
            onDirtyChange(false);
            onDone();
          }}
        />
      )}
      {offered && (
        <div className="mt-4">
          <LocalCopyNotice
            keptAt={offered.keptAt}
            changedFields={changedFields(initial.current, offered.values).map((key) => fieldLabels[key])}
            savedContent={initial.current.content}
            copyContent={String(offered.values.content ?? "")}
            onRestore={() => {
              setValues((current) => restoredValues(current, offered.values));
              setOffered(undefined);
              notify("success", t.admin.localCopy.restored);
            }}
            onDiscard={() => {
              removeLocalCopy(copyKey);
              setOffered(undefined);
            }}
          />
        </div>
      )}
      {version.pending && (
        <p className="mt-4 rounded-xl border border-line bg-bg p-3 text-sm" data-testid="pending-notice">
          {t.admin.autosave.pendingNotice}
        </p>
      )}
      <fetcher.Form ref={formRef} method="post" noValidate className="mt-6 grid gap-5" data-testid="post-form">
        {/* "create" with an id finishes a new post an autosave began. */}
        <input type="hidden" name="intent" value={post ? "update" : "create"} />
        {version.id && <input type="hidden" name="id" value={version.id} />}
        {version.updatedAt && <input type="hidden" name="updatedAt" value={version.updatedAt} />}

        <fieldset className="grid gap-1.5">
          <legend className="text-sm font-medium">{t.admin.fields.lang}</legend>
          <div className="flex flex-wrap gap-4">
            {languages.map((lang) => (
              <label key={lang} className="inline-flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="lang"
                  value={lang}
                  checked={values.lang === lang}
                  onChange={() =>
                    // The linked translation must be in the other language: a change of language drops it.
                    setValues((current) => ({ ...current, lang, translationOf: "" }))
                  }
                  className="size-4 accent-accent"
                />
                {t.admin.languageNames[lang]}
              </label>
            ))}
          </div>
          {errors.lang && <p className="text-sm text-danger">{errors.lang}</p>}
        </fieldset>

        <Field name="title" label={t.admin.fields.title} error={errors.title}>
          {(props) => (
            <input
              {...props}
              required
              maxLength={POST_LIMITS.title}
              value={values.title}
              onChange={(event) => {
                const title = event.currentTarget.value;
                setValues((current) => ({ ...current, title, slug: slugTouched ? current.slug : slugify(title) }));
              }}
            />
          )}
        </Field>

        <Field name="slug" label={t.admin.fields.slug} help={t.admin.fields.slugHelp} error={errors.slug}>
          {(props) => (
            <input
              {...props}
              required
              maxLength={POST_LIMITS.slug}
              pattern="[a-z0-9]+(-[a-z0-9]+)*"
              value={values.slug}
              onChange={(event) => {
                setSlugTouched(true);
                set("slug", event.currentTarget.value);
              }}
              className={`${props.className} font-mono`}
            />
          )}
        </Field>

        <Field name="excerpt" label={t.admin.fields.excerpt} error={errors.excerpt}>
          {(props) => (
            <textarea
              {...props}
              rows={3}
              maxLength={POST_LIMITS.excerpt}
              value={values.excerpt}
              onChange={(event) => set("excerpt", event.currentTarget.value)}
            />
          )}
        </Field>

        <div className="grid gap-5 lg:grid-cols-2">
          <div className="grid gap-2">
            <Field
              name="content"
              label={t.admin.fields.content}
              help={`${t.admin.fields.contentHelp} ${t.admin.images.hint}`}
              error={errors.content}
            >
              {(props) => (
                <textarea
                  {...props}
                  {...images.textareaHandlers}
                  ref={contentRef}
                  required
                  rows={10}
                  maxLength={POST_LIMITS.content}
                  value={values.content}
                  onChange={(event) => set("content", event.currentTarget.value)}
                  className={`${props.className} font-mono text-sm`}
                />
              )}
            </Field>
            {images.panel}
          </div>
          <MarkdownPreview content={values.content} />
        </div>

        <TagInput
          tags={values.tags}
          onChange={(tags) => set("tags", tags)}
          suggestions={tagSuggestions[values.lang]}
          error={errors.tags}
        />

        <TranslationField
          postId={post?.id}
          lang={values.lang}
          posts={posts}
          value={values.translationOf}
          onChange={(id) => set("translationOf", id)}
          error={errors.translationOf}
        />

        <CoverField value={values.coverImage} onChange={(url) => set("coverImage", url)} />
        {errors.coverImage && <p className="text-sm text-danger">{errors.coverImage}</p>}

        <div className="flex flex-wrap items-start gap-x-8 gap-y-4">
          <Switch
            name="published"
            label={t.admin.fields.publishNow}
            checked={values.published}
            // Publishing now and scheduling exclude each other.
            onChange={(checked) => setValues((current) => ({ ...current, published: checked, scheduled: false }))}
          />
          <ScheduleField
            enabled={values.scheduled}
            value={values.scheduledAt}
            onEnabledChange={(scheduled) => setValues((current) => ({ ...current, scheduled, published: false }))}
            onChange={(iso) => set("scheduledAt", iso)}
            error={errors.scheduledAt}
          />
        </div>

        <div className="flex flex-wrap items-center gap-3 border-t border-line pt-5">
          <button
            type="submit"
            // An autosave under way finishes first, so this save builds on the version it makes.
            disabled={saving || autosave.saving}
            className="inline-flex items-center rounded-full bg-accent px-5 py-2.5 text-sm font-semibold text-accent-fg transition hover:bg-accent-strong disabled:opacity-60"
          >
            {saving ? t.admin.saving : post ? t.admin.save : t.admin.create}
          </button>
          <button
            type="button"
            onClick={() => {
              onDirtyChange(false);
              onDone();
            }}
            className="inline-flex items-center rounded-full border border-line px-5 py-2.5 text-sm font-medium hover:border-accent hover:text-accent"
          >
            {t.admin.cancel}
          </button>
          <AutosaveLine status={autosave.status} content={values.content} />
        </div>
      </fetcher.Form>
    </section>
  );
}

/** What autosave last did, said politely to screen readers; a refused save offers the text to copy. */
function AutosaveLine({ status, content }: { status: AutosaveStatus; content: string }) {
  const { lang, t } = useT();
  const texts = t.admin.autosave;
  const time = (at: Date) => new Intl.DateTimeFormat(lang === "pt" ? "pt-BR" : "en", { timeStyle: "short" }).format(at);
  const text = {
    idle: "",
    saving: texts.saving,
    saved:
      status.state === "saved" ? format(status.pending ? texts.pending : texts.saved, { time: time(status.at) }) : "",
    offline: texts.offline,
    failed: status.state === "failed" ? format(texts.failed, { reason: status.reason }) : "",
  }[status.state];
  return (
    <div className="flex min-w-0 flex-1 flex-wrap items-center justify-end gap-2 text-sm">
      <p role="status" className="text-fg-muted [overflow-wrap:anywhere]" data-testid="autosave-status">
        {text}
      </p>
      {status.state === "failed" && (
        <button
          type="button"
          onClick={() =>
            void navigator.clipboard.writeText(content).then(
              () => notify("success", texts.copied),
              () => notify("error", t.blog.copyFailed),
            )
          }
          className="rounded-full border border-line px-3 py-1 text-xs hover:border-accent hover:text-accent"
        >
          {texts.copy}
        </button>
      )}
    </div>
  );
}
