import { useCallback, useEffect, useId, useRef, useState } from "react";
import { ArrowLeft, Clock } from "~/components/icons";
import { notify, placeToastsAtBottom } from "~/components/layout/Toasts.tsx";
import { type Lang, languages, useT } from "~/i18n";
import { postPath } from "~/lib/blog-paths.ts";
import { keepsCoverWords } from "~/lib/post-actions.ts";
import { POST_LIMITS } from "~/lib/post-input.ts";
import { slugify } from "~/lib/slugify.ts";
import { useContentImages } from "./ContentImages.tsx";
import { CoverField } from "./CoverField.tsx";
import { ConflictPanel } from "./editor/ConflictPanel.tsx";
import { EditorBar, type Publication } from "./editor/EditorBar.tsx";
import { changedFields, restoredValues, same, type Values, valuesOf, withText } from "./editor/form-values.ts";
import { LimitCounter } from "./editor/LimitCounter.tsx";
import { PostSettings } from "./editor/PostSettings.tsx";
import { type PendingPublication, PublishQuestion } from "./editor/PublishQuestion.tsx";
import { WritingSurface } from "./editor/WritingSurface.tsx";
import { Field } from "./Field.tsx";
import { LocalCopyNotice } from "./LocalCopyNotice.tsx";
import { type LocalCopy, localCopyKey, readLocalCopy, removeLocalCopy, writeLocalCopy } from "./local-copy.ts";
import type { CurrentVersion, EditablePost, NewPostStart, PostActionResult, SavedPost } from "./post-types.ts";
import { type Revision, RevisionsPanel } from "./RevisionsPanel.tsx";
import { TagInput } from "./TagInput.tsx";
import { TranslationField } from "./TranslationField.tsx";
import { type SaveRequest, useAutosave } from "./use-autosave.ts";

type Errors = Partial<Record<keyof Values | "scheduledAt", string>>;

/** A title from this many characters on shows how much of its limit is used. */
const TITLE_COUNTER_FROM = POST_LIMITS.title - 40;

function publicationOf(post: EditablePost | undefined): Publication {
  if (!post) return { published: false, scheduledAt: null, pending: false, path: null };
  return {
    // A scheduled post is stored published; it is not public until its time.
    published: post.published && !post.scheduledAt,
    scheduledAt: post.scheduledAt,
    pending: post.pending,
    path: postPath(post),
  };
}

/** Where a post stands with readers, as a save's answer says. */
const publicationOfSaved = ({ published, scheduledAt, pending, path }: SavedPost): Publication => ({
  published,
  scheduledAt,
  pending,
  path,
});

/**
 * The writing desk: a post's title and text on a surface that fills the
 * screen, its details and settings below, and a bar always in view with
 * what saving did and one publishing control. Saving keeps the editor open;
 * nothing typed is lost: every change is kept in this browser until the
 * server confirms it, and a refusal, a lost connection, an expired session
 * or another tab's newer version keep the text and say what to do.
 */
export function PostForm({
  author,
  post,
  start,
  posts,
  tagSuggestions,
  newsletter = null,
  onClose,
  onCreated,
  onSaved,
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
  /** The newsletter's confirmed readers of each language; null when there is no newsletter. */
  newsletter?: Record<Lang, number> | null;
  onClose: () => void;
  /** A new post got its id on the server (its first save, or an autosave). */
  onCreated?: (id: string) => void;
  /** A version of a post the server now holds (a save, a restore): the list's data may not have it yet. */
  onSaved?: (id: string, updatedAt: string) => void;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const { t } = useT();
  const texts = t.admin.editor;
  const saved = useRef(valuesOf(post, start));
  const [values, setValues] = useState<Values>(saved.current);
  const valuesRef = useRef(values);
  valuesRef.current = values;
  // The slug follows the title until the author edits the slug by hand.
  const [slugTouched, setSlugTouched] = useState(Boolean(post));
  const [showRevisions, setShowRevisions] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [focusError, setFocusError] = useState(0);
  const [panelOpen, setPanelOpen] = useState(false);
  const [publication, setPublication] = useState<Publication>(() => publicationOf(post));
  // The newsletter is done with the post (mailed, or published without mailing): publishing asks nothing.
  const [mailed, setMailed] = useState(Boolean(post?.mailed));
  const [question, setQuestion] = useState<(PendingPublication & { request: SaveRequest }) | undefined>(undefined);
  const [newer, setNewer] = useState<CurrentVersion | undefined>(undefined);
  const [comparing, setComparing] = useState(false);
  const headingId = useId();
  const titleId = useId();
  const sectionRef = useRef<HTMLElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const titleRef = useRef<HTMLTextAreaElement>(null);
  const contentRef = useRef<HTMLTextAreaElement>(null);
  const settingsRef = useRef<HTMLDetailsElement>(null);
  const scheduleRef = useRef<HTMLInputElement>(null);
  const barRef = useRef<HTMLDivElement>(null);

  // The version the next save builds on: the post as loaded, then as each save left it.
  const [version, setVersion] = useState<{ id?: string; updatedAt?: string }>(
    post ? { id: post.id, updatedAt: post.updatedAt } : {},
  );
  const versionRef = useRef(version);
  const moveTo = useCallback((next: { id?: string; updatedAt?: string }) => {
    versionRef.current = next;
    setVersion(next);
  }, []);

  const dirty = (Object.keys(values) as (keyof Values)[]).some((key) => !same(values[key], saved.current[key]));
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  // Every change is kept in this browser too, until the server confirms a save.
  const copyKey = localCopyKey(author, version.id ?? post?.id);
  const [offered, setOffered] = useState<LocalCopy<Values> | undefined>(undefined);
  useEffect(() => {
    const copy = readLocalCopy<Values>(localCopyKey(author, post?.id));
    if (copy && changedFields(saved.current, copy.values).length > 0) setOffered(copy);
  }, [author, post?.id]);
  useEffect(() => {
    if (dirty) writeLocalCopy(copyKey, values);
  }, [dirty, values, copyKey]);

  // The desk opens at its top with the title ready for typing.
  useEffect(() => {
    sectionRef.current?.scrollIntoView({ block: "start" });
    titleRef.current?.focus({ preventScroll: true });
  }, []);

  // The bar's height, for the preview that stays beside the text below it.
  useEffect(() => {
    const bar = barRef.current;
    const section = sectionRef.current;
    if (!bar || !section || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => section.style.setProperty("--desk-bar", `${bar.offsetHeight}px`));
    observer.observe(bar);
    return () => observer.disconnect();
  }, []);

  // The bar is at the top of the screen while the desk is open: toasts go to its foot.
  useEffect(() => placeToastsAtBottom(), []);

  const onResult = useCallback(
    (result: PostActionResult, sent: Values, request: SaveRequest) => {
      const manual = request.intent !== "autosave";
      // The server would not publish without knowing whether to mail: the author is asked, nothing was saved.
      if (result.newsletter && (request.intent === "publish" || request.intent === "schedule")) {
        setQuestion({ ...result.newsletter, intent: request.intent, request });
        return;
      }
      if (result.ok && result.saved) {
        const answer = result.saved;
        const wasNew = versionRef.current.id === undefined;
        moveTo({ id: answer.id, updatedAt: answer.updatedAt });
        onSaved?.(answer.id, answer.updatedAt);
        saved.current = sent;
        setPublication(publicationOfSaved(answer));
        setErrors({});
        setNewer(undefined);
        setComparing(false);
        if (wasNew) {
          // The copy kept for a new post now belongs to the post it became.
          removeLocalCopy(localCopyKey(author, undefined));
          onCreated?.(answer.id);
        }
        if (changedFields(sent, valuesRef.current).length === 0) removeLocalCopy(localCopyKey(author, answer.id));
        // Public now, or told not to mail: a later publication asks nothing.
        if (answer.published || request.extra?.newsletter === "skip") setMailed(true);
        if (manual) {
          if (request.intent !== "save" && request.intent !== "create") setPanelOpen(false);
          notify("success", result.message);
        }
        return;
      }
      if (result.network) {
        if (request.intent === "publish" || request.intent === "schedule" || request.intent === "unpublish") {
          notify("error", texts.status.offlinePublish);
        }
        return;
      }
      if (result.current) setNewer(result.current);
      if (result.fieldErrors) {
        setErrors(result.fieldErrors);
        if (manual) setFocusError((count) => count + 1);
      }
      if (manual) notify("error", result.message || t.admin.errors.network);
    },
    [author, onCreated, onSaved, texts, t, moveTo],
  );

  const saver = useAutosave({
    form: formRef,
    values,
    dirty,
    ready: Boolean(values.title.trim() && values.slug.trim() && values.content.trim()),
    base: () => versionRef.current,
    onResult,
  });
  // A post that exists, made by an autosave or by saving, is edited: "Editar post", "Salvar".
  const isNew = version.id === undefined;
  const save = saver.save;

  /** Publishing or scheduling asks first when it would mail the newsletter; nothing is sent until it is answered. */
  const publish = useCallback(
    (request: SaveRequest) => {
      const readers = newsletter?.[values.lang] ?? 0;
      const asks =
        (request.intent === "publish" || request.intent === "schedule") &&
        !publication.published &&
        !mailed &&
        readers > 0;
      if (asks && (request.intent === "publish" || request.intent === "schedule")) {
        setQuestion({ intent: request.intent, count: readers, lang: values.lang, request });
        return;
      }
      save(request);
    },
    [newsletter, values.lang, publication.published, mailed, save],
  );

  // Ctrl+S or Cmd+S saves, and the editor stays.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.key.toLowerCase() !== "s") return;
      event.preventDefault();
      save({ intent: isNew ? "create" : "save" });
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [save, isNew]);

  // After a refusal the author is taken to the first field to fix, in the form's order.
  useEffect(() => {
    if (focusError === 0) return;
    const form = formRef.current;
    if (!form) return;
    const invalid = [...form.querySelectorAll<HTMLElement>('[aria-invalid="true"]')].find(
      (element) => !element.closest('[data-testid="publish-panel"]'),
    );
    if (!invalid && errors.scheduledAt) {
      setPanelOpen(true);
      requestAnimationFrame(() => scheduleRef.current?.focus());
      return;
    }
    if (!invalid) return;
    const details = invalid.closest("details");
    if (details) details.open = true;
    // After a frame: a hidden panel (the phone's preview tab) shows the field first.
    requestAnimationFrame(() => {
      invalid.scrollIntoView({ block: "center" });
      invalid.focus({ preventScroll: true });
    });
  }, [focusError, errors.scheduledAt]);

  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
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
    coverAlt: t.admin.fields.coverAlt,
    coverCaption: t.admin.fields.coverCaption,
    lang: t.admin.fields.lang,
    tags: t.admin.fields.tags,
    translationOf: t.admin.fields.translation,
    seoDescription: texts.settings.seoDescription,
    socialTitle: texts.settings.socialTitle,
    socialDescription: texts.settings.socialDescription,
  };

  /** The text another tab saved replaces the form's, on its version. */
  const takeTheirs = (current: CurrentVersion) => {
    const next = withText(valuesRef.current, current);
    saved.current = next;
    setValues(next);
    moveTo({ ...versionRef.current, updatedAt: current.updatedAt });
    setNewer(undefined);
    setComparing(false);
    saver.reset();
    removeLocalCopy(copyKey);
  };

  const onRestored = useCallback(
    (revision: Revision, result: PostActionResult) => {
      if (!result.saved) return;
      const { coverAlt, coverCaption } = valuesRef.current;
      const next = withText(
        valuesRef.current,
        keepsCoverWords(revision, valuesRef.current) ? { ...revision, coverAlt, coverCaption } : revision,
      );
      saved.current = next;
      setValues(next);
      moveTo({ id: result.saved.id, updatedAt: result.saved.updatedAt });
      onSaved?.(result.saved.id, result.saved.updatedAt);
      setPublication(publicationOfSaved(result.saved));
    },
    [moveTo, onSaved],
  );

  const titleOver = values.title.length > POST_LIMITS.title;

  return (
    <section
      ref={sectionRef}
      aria-labelledby={headingId}
      // One column no wider than the screen: the bar's line shortens its words rather than widen the desk.
      className="grid scroll-mt-16 grid-cols-[minmax(0,1fr)] gap-3 sm:gap-4"
      data-testid="post-editor"
    >
      {/* The desk's own title row, right under the site's header: the way back, what it is, its history. */}
      <div className="flex items-center justify-between gap-2">
        <div className="flex min-w-0 items-center gap-2 sm:gap-3">
          <button
            type="button"
            onClick={onClose}
            className="inline-flex size-10 shrink-0 items-center justify-center gap-1.5 rounded-full border border-line text-sm font-medium hover:border-accent hover:text-accent sm:w-auto sm:px-3.5"
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            <span className="sr-only sm:not-sr-only">{texts.back}</span>
          </button>
          <h1 id={headingId} className="truncate text-lg font-semibold tracking-tight sm:text-xl">
            {isNew ? t.admin.createHeading : t.admin.editHeading}
          </h1>
        </div>
        {version.id && (
          <button
            type="button"
            aria-expanded={showRevisions}
            onClick={() => setShowRevisions((open) => !open)}
            className="inline-flex min-h-10 shrink-0 items-center gap-1.5 rounded-full border border-line px-3.5 py-2 text-sm hover:border-accent hover:text-accent"
          >
            <Clock className="size-4" aria-hidden="true" />
            {showRevisions ? t.admin.revisions.close : t.admin.revisions.open}
          </button>
        )}
      </div>
      {version.id && showRevisions && (
        <RevisionsPanel
          postId={version.id}
          updatedAt={version.updatedAt ?? ""}
          published={publication.published}
          current={values}
          onRestored={onRestored}
        />
      )}
      {offered && (
        <LocalCopyNotice
          keptAt={offered.keptAt}
          changedFields={changedFields(saved.current, offered.values).map((key) => fieldLabels[key])}
          savedContent={saved.current.content}
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
      )}
      {comparing && newer && (
        <ConflictPanel
          current={newer}
          mine={values}
          onKeepMine={() => {
            moveTo({ ...versionRef.current, updatedAt: newer.updatedAt });
            setComparing(false);
            saver.reset();
            save({ intent: "save" });
          }}
          onTakeTheirs={() => takeTheirs(newer)}
        />
      )}
      {question && (
        <PublishQuestion
          pending={question}
          onAnswer={(answer) => {
            const { request } = question;
            setQuestion(undefined);
            save({ ...request, extra: { ...request.extra, newsletter: answer } });
          }}
          onCancel={() => setQuestion(undefined)}
        />
      )}
      <form
        ref={formRef}
        method="post"
        noValidate
        // The browser must not put back a reloaded form's old values behind the editor's back: the kept copy does.
        autoComplete="off"
        className="grid grid-cols-[minmax(0,1fr)] gap-6"
        data-testid="post-form"
        onSubmit={(event) => {
          event.preventDefault();
          save({ intent: isNew ? "create" : "save" });
        }}
      >
        {/* What the form posts without its script; with it, each save sets its own intent and version. */}
        <input type="hidden" name="intent" value={isNew ? "create" : "save"} />
        {version.id && <input type="hidden" name="id" value={version.id} />}
        {version.updatedAt && <input type="hidden" name="updatedAt" value={version.updatedAt} />}

        <div ref={barRef} className="sticky top-16 z-30">
          <EditorBar
            isNew={isNew}
            publication={publication}
            dirty={dirty}
            status={saver.status}
            content={values.content}
            onSave={publish}
            onRetry={saver.retry}
            onCompare={() => setComparing(true)}
            panelOpen={panelOpen}
            onPanelOpenChange={setPanelOpen}
            scheduleError={errors.scheduledAt}
            scheduleInputRef={scheduleRef}
          />
        </div>

        <div className="grid gap-1.5">
          <label htmlFor={titleId} className="text-sm font-medium text-fg-muted">
            {t.admin.fields.title}
          </label>
          <textarea
            ref={titleRef}
            id={titleId}
            name="title"
            required
            rows={1}
            value={values.title}
            placeholder={texts.titlePlaceholder}
            onChange={(event) => {
              // One line: a pasted line break is a space.
              const title = event.currentTarget.value.replace(/\r?\n/g, " ");
              setValues((current) => ({ ...current, title, slug: slugTouched ? current.slug : slugify(title) }));
            }}
            onKeyDown={(event) => {
              if (event.key !== "Enter" || event.nativeEvent.isComposing) return;
              // Enter goes on to the text, as in any editor.
              event.preventDefault();
              contentRef.current?.focus();
            }}
            aria-invalid={Boolean(errors.title) || titleOver}
            aria-describedby={`${titleId}-note${errors.title ? ` ${titleId}-error` : ""}`}
            className={`w-full resize-none overflow-hidden border-0 border-b-2 bg-transparent px-0 pt-1 pb-2 text-2xl leading-tight font-bold tracking-tight text-fg outline-none transition [field-sizing:content] placeholder:text-fg-muted/70 focus:border-accent sm:text-4xl ${
              errors.title || titleOver ? "border-danger" : "border-line"
            }`}
          />
          <div id={`${titleId}-note`} className="text-xs">
            <LimitCounter count={values.title.length} max={POST_LIMITS.title} from={TITLE_COUNTER_FROM} />
          </div>
          {errors.title && (
            <p id={`${titleId}-error`} className="text-sm text-danger">
              {errors.title}
            </p>
          )}
        </div>

        <WritingSurface
          postLang={values.lang}
          value={values.content}
          onChange={(content) => set("content", content)}
          error={errors.content}
          textareaRef={contentRef}
          textareaHandlers={images.textareaHandlers}
          imagesPanel={images.panel}
        />

        <section
          aria-labelledby={`${headingId}-details`}
          className="grid gap-5 rounded-2xl border border-line bg-surface p-4 sm:p-5"
        >
          <h2 id={`${headingId}-details`} className="font-semibold">
            {texts.details}
          </h2>
          <fieldset className="grid gap-1.5">
            <legend className="text-sm font-medium">{t.admin.fields.lang}</legend>
            <div className="flex flex-wrap gap-4">
              {languages.map((lang) => (
                <label key={lang} className="inline-flex min-h-10 items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name="lang"
                    value={lang}
                    checked={values.lang === lang}
                    onChange={() =>
                      // The linked translation must be in the other language: a change of language drops it.
                      setValues((current) => ({ ...current, lang, translationOf: "" }))
                    }
                    aria-invalid={Boolean(errors.lang)}
                    className="size-4 accent-accent"
                  />
                  {t.admin.languageNames[lang]}
                </label>
              ))}
            </div>
            {errors.lang && <p className="text-sm text-danger">{errors.lang}</p>}
          </fieldset>

          <Field name="slug" label={t.admin.fields.slug} help={t.admin.fields.slugHelp} error={errors.slug}>
            {(props) => (
              <input
                {...props}
                required
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

          <Field
            name="excerpt"
            label={t.admin.fields.excerpt}
            error={errors.excerpt}
            note={
              <LimitCounter count={values.excerpt.length} max={POST_LIMITS.excerpt} from={POST_LIMITS.excerpt - 60} />
            }
          >
            {(props) => (
              <textarea
                {...props}
                rows={3}
                value={values.excerpt}
                onChange={(event) => set("excerpt", event.currentTarget.value)}
              />
            )}
          </Field>

          <TagInput
            tags={values.tags}
            onChange={(tags) => set("tags", tags)}
            suggestions={tagSuggestions[values.lang]}
            error={errors.tags}
          />

          <TranslationField
            postId={version.id ?? post?.id}
            lang={values.lang}
            posts={posts}
            value={values.translationOf}
            onChange={(id) => set("translationOf", id)}
            error={errors.translationOf}
          />

          <CoverField
            value={values.coverImage}
            onChange={(url) => {
              set("coverImage", url);
              // A removed cover takes its words with it, as the server does.
              if (!url) for (const key of ["coverAlt", "coverCaption"] as const) set(key, "");
            }}
            words={values}
            onWordsChange={(key, value) => set(key, value)}
            error={errors.coverImage}
            wordErrors={errors}
          />
        </section>

        <PostSettings
          values={values}
          onChange={(key, value) => set(key, value)}
          errors={errors}
          detailsRef={settingsRef}
        />
      </form>
    </section>
  );
}
