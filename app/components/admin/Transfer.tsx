/**
 * The author's import and export: the archive to download, a file to
 * import (its dry run first, then the import with its progress), and the
 * old addresses that lead to their posts.
 */
import { useEffect, useId, useRef, useState } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { Download, ImageUp, Trash2 } from "~/components/icons";
import { notify } from "~/components/layout/Toasts.tsx";
import { buttonPrimary, buttonSecondary, card } from "~/components/portfolio/styles.ts";
import { type Dictionary, format, type Lang, localizePath, useT } from "~/i18n";
import { MAX_IMPORT_BYTES } from "~/lib/upload-limits.ts";
import type { ClashChoice, ImportProgress, ImportResult } from "~/server/transfer/import.server.ts";
import type { ImportFormState } from "~/server/transfer/import-form.server.ts";
import type { WrittenPlan } from "~/server/transfer/messages.server.ts";
import { cell, ScrollTable, sectionHeading, wrapping } from "./parts.tsx";

type Texts = Dictionary["admin"]["transfer"];

export interface RedirectView {
  path: string;
  source: string;
  target: string;
  /** A post's title, a tag's name, or nothing for the feed. */
  title: string;
  kind: "post" | "tag" | "feed";
  lang: Lang;
}

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const field =
  "w-full min-w-0 rounded-xl border border-line bg-bg px-3.5 py-2 text-fg outline-none transition focus:border-accent";
const fileField = `${field} file:mr-3 file:rounded-full file:border-0 file:bg-surface file:px-3 file:py-1 file:text-fg`;

/** One of the page's three cards: its heading, what it does, and its controls. */
function Panel({
  id,
  heading,
  help,
  testId,
  children,
}: {
  id: string;
  heading: string;
  help: string;
  testId: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={`${card} grid min-w-0 grid-cols-1 gap-4 p-5`} data-testid={testId}>
      <h2 id={id} className={sectionHeading}>
        {heading}
      </h2>
      <p className="text-fg-muted">{help}</p>
      {children}
    </section>
  );
}

export function ExportPanel() {
  const { t } = useT();
  const texts = t.admin.transfer.export;
  return (
    <Panel id="export-heading" heading={texts.heading} help={texts.help} testId="export-panel">
      {/* A plain link: a download the browser makes, not a page of the app. */}
      <a href="/admin/blog/export.zip" download className={`${buttonPrimary} justify-self-start`} data-testid="export">
        <Download className="size-4" aria-hidden="true" />
        {texts.button}
      </a>
    </Panel>
  );
}

/**
 * What the import panel shows: nothing yet, a file being read, its dry run,
 * the import going on, or its end. A file that can be imported is kept on
 * the server after its dry run, and its token names it for the import
 * (decision 085). A dry run the page's plain form posted (without scripts)
 * is `posted`: its import is a plain form, answered by the page of its
 * progress (`running`), which the author reloads.
 */
type Stage =
  | { kind: "idle" }
  | { kind: "checking"; percent: number }
  | { kind: "plan"; plan: WrittenPlan; token?: string | undefined; posted?: boolean }
  | { kind: "applying"; plan: WrittenPlan; progress?: ImportProgress }
  | { kind: "running"; progress: ImportProgress | null; href: string }
  | { kind: "done"; message: string };

/** Posts the file with its upload's progress: fetch cannot report it. */
function upload(
  url: string,
  file: File,
  onPercent: (percent: number) => void,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", url);
    request.setRequestHeader("Content-Type", "application/octet-stream");
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) onPercent(Math.round((event.loaded / event.total) * 100));
    });
    request.addEventListener("load", () => resolve({ status: request.status, body: request.responseText }));
    request.addEventListener("error", () => reject(new Error("network")));
    request.send(file);
  });
}

/** The stage and the error the page opens with after its plain form was posted. */
function postedStage(posted: ImportFormState | undefined): { stage: Stage; error?: string | undefined } {
  if (!posted) return { stage: { kind: "idle" } };
  if ("plan" in posted) {
    const { plan, token, error } = posted;
    return { stage: { kind: "plan", plan, token, posted: true }, error };
  }
  if ("running" in posted) return { stage: { kind: "running", progress: posted.running, href: posted.href } };
  if ("done" in posted) return { stage: { kind: "done", message: posted.done } };
  return { stage: { kind: "idle" }, error: posted.error };
}

/**
 * The import: a file's dry run, then its import with its progress, posted by
 * the page's script; without scripts the same form posts to the page
 * (`posted`: what the page answered, or the page of an import's progress),
 * and so does the dry run's.
 */
export function ImportPanel({ posted }: { posted?: ImportFormState | undefined }) {
  const { t, lang } = useT();
  const texts = t.admin.transfer.import;
  const [file, setFile] = useState<File | undefined>();
  const [stage, setStage] = useState<Stage>(() => postedStage(posted).stage);
  const [error, setError] = useState<string | undefined>(() => postedStage(posted).error);
  const [clash, setClash] = useState<ClashChoice>("skip");
  const revalidator = useRevalidator();
  const inputId = useId();
  const status = useRef<HTMLParagraphElement>(null);
  const address = (step: "check" | "apply") =>
    `/admin/blog/import?lang=${lang}&step=${step}&clash=${clash}&name=${encodeURIComponent(file?.name ?? "")}`;

  // The page of an import's progress, or a new answer of the page: shown as the page says.
  useEffect(() => {
    const shown = postedStage(posted);
    if (shown.stage.kind === "idle" && !shown.error) return;
    setStage(shown.stage);
    setError(shown.error);
  }, [posted]);
  // With scripts, the page of an import's progress reads it again each second until the import ends.
  const running = stage.kind === "running";
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, 1000);
    return () => clearInterval(timer);
  }, [running, revalidator]);

  const check = async () => {
    setError(undefined);
    if (!file) return setError(texts.missingFile);
    if (file.size > MAX_IMPORT_BYTES) return setError(format(texts.tooLarge, { max: megabytes(MAX_IMPORT_BYTES) }));
    setStage({ kind: "checking", percent: 0 });
    try {
      const answer = await upload(address("check"), file, (percent) => setStage({ kind: "checking", percent }));
      const body = JSON.parse(answer.body) as { plan?: WrittenPlan; token?: string; error?: string };
      if (body.plan) setStage({ kind: "plan", plan: body.plan, token: body.token });
      else {
        setStage({ kind: "idle" });
        setError(body.error ?? texts.failed);
      }
    } catch {
      setStage({ kind: "idle" });
      setError(texts.failed);
    }
  };

  const apply = async (plan: WrittenPlan, token: string | undefined) => {
    if (!file) return;
    setStage({ kind: "applying", plan });
    try {
      // The file kept since its dry run is imported by its token; one no longer kept (410) is sent again.
      let response = token
        ? await fetch(`${address("apply")}&token=${encodeURIComponent(token)}`, { method: "POST" })
        : undefined;
      if (!response || response.status === 410) {
        response = await fetch(address("apply"), {
          method: "POST",
          body: file,
          headers: { "Content-Type": "application/octet-stream" },
        });
      }
      if (!response.body) throw new Error("no body");
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffered = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffered += value;
        const lines = buffered.split("\n");
        buffered = lines.pop() ?? "";
        for (const line of lines.filter(Boolean)) {
          const message = JSON.parse(line) as {
            progress?: ImportProgress;
            result?: ImportResult;
            message?: string;
            plan?: WrittenPlan;
            error?: string;
          };
          if (message.progress) setStage({ kind: "applying", plan, progress: message.progress });
          else if (message.result && message.message) {
            setStage({ kind: "done", message: message.message });
            notify("success", message.message);
            revalidator.revalidate();
          } else if (message.plan) setStage({ kind: "plan", plan: message.plan });
          else if (message.error) {
            setStage({ kind: "plan", plan });
            setError(message.error);
          }
        }
      }
    } catch {
      setStage({ kind: "plan", plan });
      setError(texts.failed);
    }
  };

  // Each new state is announced, and the focus goes to it, so a keyboard and a screen reader follow.
  useEffect(() => {
    if (stage.kind === "plan" || stage.kind === "done") status.current?.focus();
  }, [stage.kind]);

  const reset = () => {
    setStage({ kind: "idle" });
    setFile(undefined);
    setError(undefined);
  };
  const busy = stage.kind === "checking" || stage.kind === "applying";
  return (
    <Panel id="import-heading" heading={texts.heading} help={texts.help} testId="import">
      {(stage.kind === "idle" || stage.kind === "checking") && (
        <form
          method="post"
          encType="multipart/form-data"
          className="grid gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            void check();
          }}
        >
          <input type="hidden" name="intent" value="check-import" />
          <FileField
            id={inputId}
            label={texts.file}
            help={format(texts.fileHelp, { max: megabytes(MAX_IMPORT_BYTES) })}
            error={error}
            onChange={(chosen) => {
              setFile(chosen);
              setError(undefined);
            }}
          />
          <button type="submit" className={`${buttonPrimary} justify-self-start`} disabled={busy}>
            <ImageUp className="size-4" aria-hidden="true" />
            {texts.check}
          </button>
          {stage.kind === "checking" && (
            <p role="status" className="text-sm text-fg-muted">
              {stage.percent < 100 ? format(texts.uploading, { percent: stage.percent }) : texts.checking}
            </p>
          )}
        </form>
      )}
      {(stage.kind === "plan" || stage.kind === "applying") && (
        <DryRun
          plan={stage.plan}
          texts={t.admin.transfer}
          clash={clash}
          onClash={setClash}
          statusRef={status}
          busy={busy}
          error={error}
          onApply={() => void apply(stage.plan, stage.kind === "plan" ? stage.token : undefined)}
          onCancel={reset}
          {...(stage.kind === "plan" && stage.posted ? { posted: { token: stage.token } } : {})}
        />
      )}
      {stage.kind === "applying" && <Progress progress={stage.progress} texts={texts} />}
      {stage.kind === "running" && (
        <div className="grid gap-3" data-testid="import-running">
          <Progress progress={stage.progress ?? undefined} texts={texts} />
          <p className="text-sm text-fg-muted">{texts.running}</p>
          <a href={stage.href} className={`${buttonSecondary} justify-self-start`}>
            {texts.reload}
          </a>
        </div>
      )}
      {stage.kind === "done" && (
        <div className="grid gap-3">
          <p ref={status} tabIndex={-1} role="status" className="font-medium outline-none" data-testid="import-done">
            {stage.message}
          </p>
          {posted ? (
            <a href={localizePath("/admin/blog/transfer", lang)} className={`${buttonSecondary} justify-self-start`}>
              {texts.cancel}
            </a>
          ) : (
            <button type="button" className={`${buttonSecondary} justify-self-start`} onClick={reset}>
              {texts.cancel}
            </button>
          )}
        </div>
      )}
    </Panel>
  );
}

/** The file to import: its label, its help and its error, both named by the field. */
function FileField({
  id,
  label,
  help,
  error,
  onChange,
}: {
  id: string;
  label: string;
  help: string;
  error: string | undefined;
  onChange?: (file: File | undefined) => void;
}) {
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        type="file"
        name="file"
        accept=".zip,.json,.xml,.md,application/zip,application/json,text/xml,application/xml"
        aria-describedby={`${id}-help${error ? ` ${id}-error` : ""}`}
        aria-invalid={Boolean(error)}
        {...(onChange ? { onChange: (event) => onChange(event.currentTarget.files?.[0]) } : {})}
        className={fileField}
      />
      <p id={`${id}-help`} className="text-sm text-fg-muted [overflow-wrap:anywhere]">
        {help}
      </p>
      {error && (
        <p id={`${id}-error`} className="text-sm text-danger" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function Progress({ progress, texts }: { progress: ImportProgress | undefined; texts: Texts["import"] }) {
  const label = progress
    ? format(texts.progress[progress.phase], {
        done: progress.done,
        total: progress.total,
      })
    : texts.applying;
  return (
    <div className="grid gap-1.5" data-testid="import-progress">
      <progress
        className="h-2 w-full accent-[var(--color-accent)]"
        aria-label={texts.progressLabel}
        max={progress?.total || 1}
        {...(progress ? { value: progress.done } : {})}
      />
      <p role="status" className="text-sm text-fg-muted">
        {label}
      </p>
    </div>
  );
}

/** The last line of a list shown in part: how many of its items are left out. */
function More({ count, texts }: { count: number; texts: Texts["import"] }) {
  return count > 0 ? <li className="text-fg-muted">{format(texts.more, { count })}</li> : null;
}

function where(texts: Texts["import"], item: { file: string; line?: number | undefined }) {
  return item.line ? format(texts.where, { file: item.file, line: item.line }) : item.file;
}

function DryRun({
  plan,
  texts: all,
  clash,
  onClash,
  statusRef,
  busy,
  error,
  onApply,
  onCancel,
  posted,
}: {
  plan: WrittenPlan;
  texts: Texts;
  clash: ClashChoice;
  onClash: (choice: ClashChoice) => void;
  statusRef: React.RefObject<HTMLParagraphElement | null>;
  busy: boolean;
  error: string | undefined;
  onApply: () => void;
  onCancel: () => void;
  /** The dry run the plain form posted: its import is a plain form too, naming the kept file by its token. */
  posted?: { token?: string | undefined } | undefined;
}) {
  const texts = all.import;
  const { lang } = useT();
  const count = plan.posts;
  const blocked = plan.problems.length > 0 || count === 0;
  const summary = format(count === 1 ? texts.summaryOne : texts.summary, {
    source: texts.sources[plan.kind],
    count,
    pt: plan.byLang.pt,
    en: plan.byLang.en,
  });
  const list = "grid gap-1 text-sm [overflow-wrap:anywhere]";
  const subheading = "text-base font-semibold";
  const body = (
    <>
      <p ref={statusRef} tabIndex={-1} role="status" className="text-lg font-semibold outline-none">
        {count > 0 ? summary : plan.problems.length > 0 ? texts.problems : texts.empty}
      </p>
      {plan.problems.length > 0 && (
        <div className="grid gap-2 rounded-xl border border-danger p-4" data-testid="problems">
          {count > 0 && <h3 className={`${subheading} text-danger`}>{texts.problems}</h3>}
          <p className="text-sm">{texts.problemsHelp}</p>
          <ul className={list}>
            {plan.problems.map((problem) => (
              <li key={problem.message}>{problem.message}</li>
            ))}
            <More count={plan.more.problems} texts={texts} />
          </ul>
        </div>
      )}
      {count > 0 && (
        <>
          <ul className="grid gap-1 text-sm text-fg-muted">
            <li>{format(texts.statuses, plan.statuses)}</li>
            <li>{format(texts.images, { count: plan.images })}</li>
            <li>{format(texts.oldAddresses, { count: plan.oldAddresses })}</li>
          </ul>
          <p className="rounded-xl bg-surface p-3 text-sm">{texts.notAPublication}</p>
          <div className="grid gap-1">
            <h3 className={subheading}>{texts.translations}</h3>
            {plan.translations.length === 0 ? (
              <p className="text-sm text-fg-muted">{texts.noTranslations}</p>
            ) : (
              <ul className={list}>
                {plan.translations.map((pair) => (
                  <li key={`${pair.pt}|${pair.en}`}>{format(texts.translationPair, pair)}</li>
                ))}
                <More count={plan.more.translations} texts={texts} />
              </ul>
            )}
          </div>
        </>
      )}
      {plan.clashes.length > 0 && !blocked && (
        <fieldset className="grid gap-2">
          <legend className={subheading}>{texts.clashes}</legend>
          <p className="text-sm text-fg-muted">{texts.clashesHelp}</p>
          <ul className={list}>
            {plan.clashes.map((post) => (
              <li key={`${post.lang}/${post.slug}`}>
                {post.title} ({post.lang}/{post.slug}) — {post.yours ? texts.clashYours : texts.clashOther}
              </li>
            ))}
            <More count={plan.more.clashes} texts={texts} />
          </ul>
          <p className="text-sm font-medium">{texts.clashChoice}</p>
          {(["skip", "rename", "replace"] as const).map((choice) => (
            <label key={choice} className="flex items-start gap-2 text-sm">
              <input
                type="radio"
                name="clash"
                value={choice}
                checked={clash === choice}
                onChange={() => onClash(choice)}
                className="mt-1"
              />
              {texts.clash[choice]}
            </label>
          ))}
        </fieldset>
      )}
      {plan.removed.length > 0 && (
        <div className="grid gap-1">
          <h3 className={subheading}>{texts.removed}</h3>
          <p className="text-sm text-fg-muted">{texts.removedHelp}</p>
          <ul className={list}>
            {plan.removed.map((post) => (
              <li key={`${post.file}|${post.line ?? ""}|${post.slug}`}>
                {post.title} ({where(texts, post)}): {post.items.join(", ")}
              </li>
            ))}
            <More count={plan.more.removed} texts={texts} />
          </ul>
        </div>
      )}
      {plan.missingImages.length > 0 && (
        <div className="grid gap-1">
          <h3 className={subheading}>{texts.missing}</h3>
          <p className="text-sm text-fg-muted">{texts.missingHelp}</p>
          <ul className={list}>
            {plan.missingImages.map((image) => (
              <li key={`${image.slug}|${image.address}`}>
                {image.title}: {image.address}
              </li>
            ))}
            <More count={plan.more.missingImages} texts={texts} />
          </ul>
        </div>
      )}
      {plan.notes.length > 0 && (
        <div className="grid gap-1">
          <h3 className={subheading}>{texts.notes}</h3>
          <ul className={list}>
            {plan.notes.map((note) => (
              <li key={note.message}>{note.message}</li>
            ))}
            <More count={plan.more.notes} texts={texts} />
          </ul>
        </div>
      )}
      {error && !posted && (
        <p className="text-sm text-danger" role="alert">
          {error}
        </p>
      )}
    </>
  );
  const applyLabel = format(count === 1 ? texts.applyOne : texts.apply, { count });
  if (posted) {
    // Without scripts the file kept on the server since its dry run is named by its token: nothing is sent again.
    const importable = !blocked && posted.token !== undefined;
    return (
      <form method="post" className="grid gap-4" data-testid="dry-run">
        {body}
        <input type="hidden" name="intent" value="apply-import" />
        {importable && <input type="hidden" name="token" value={posted.token} />}
        {error && (
          <p className="text-sm text-danger" role="alert">
            {error}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          {importable && (
            <button type="submit" className={buttonPrimary} data-testid="apply">
              {applyLabel}
            </button>
          )}
          <a href={localizePath("/admin/blog/transfer", lang)} className={buttonSecondary}>
            {texts.cancel}
          </a>
        </div>
      </form>
    );
  }
  return (
    <div className="grid gap-4" data-testid="dry-run">
      {body}
      <div className="flex flex-wrap gap-2">
        {!blocked && (
          <button type="button" className={buttonPrimary} disabled={busy} onClick={onApply} data-testid="apply">
            {applyLabel}
          </button>
        )}
        <button type="button" className={buttonSecondary} disabled={busy} onClick={onCancel}>
          {texts.cancel}
        </button>
      </div>
    </div>
  );
}

interface RedirectResult {
  ok: boolean;
  message: string;
}

/** The author's old addresses: each with its post and a button to remove it, and a form to add one. */
export function RedirectsPanel({ redirects, total }: { redirects: RedirectView[]; total: number }) {
  const { t } = useT();
  const texts = t.admin.transfer.redirects;
  const adding = useFetcher<RedirectResult>();
  const pathId = useId();
  const postId = useId();
  const shown = useRef<RedirectResult | undefined>(undefined);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const result = adding.data;
    if (adding.state !== "idle" || !result || shown.current === result) return;
    shown.current = result;
    if (result.ok) {
      notify("success", result.message);
      form.current?.reset();
    }
  }, [adding.state, adding.data]);
  const error = adding.data && !adding.data.ok ? adding.data.message : undefined;
  return (
    <Panel id="redirects-heading" heading={texts.heading} help={texts.help} testId="redirects">
      {redirects.length < total && (
        <p className="text-sm text-fg-muted">{format(texts.shown, { shown: redirects.length, total })}</p>
      )}
      {redirects.length === 0 ? (
        <p className="text-fg-muted">{texts.empty}</p>
      ) : (
        <ScrollTable caption={texts.heading} head={[texts.path, texts.target, texts.source, texts.actions]}>
          {redirects.map((redirect) => (
            <RedirectRow key={redirect.path} redirect={redirect} />
          ))}
        </ScrollTable>
      )}
      <adding.Form method="post" ref={form} className="grid gap-3 md:grid-cols-[1fr_1fr_auto] md:items-end">
        <input type="hidden" name="intent" value="add-redirect" />
        <h3 className="text-base font-semibold md:col-span-3">{texts.add}</h3>
        <div className="grid min-w-0 gap-1">
          <label htmlFor={pathId} className="text-sm font-medium">
            {texts.addPath}
          </label>
          <input
            id={pathId}
            name="path"
            required
            maxLength={600}
            autoComplete="off"
            aria-describedby={`${pathId}-help${error ? ` ${pathId}-error` : ""}`}
            aria-invalid={Boolean(error)}
            className={field}
          />
        </div>
        <div className="grid min-w-0 gap-1">
          <label htmlFor={postId} className="text-sm font-medium">
            {texts.post}
          </label>
          <input
            id={postId}
            name="post"
            required
            maxLength={600}
            autoComplete="off"
            placeholder="/blog/…"
            aria-describedby={`${pathId}-help`}
            className={field}
          />
        </div>
        <button type="submit" className={buttonSecondary} disabled={adding.state !== "idle"}>
          {texts.submit}
        </button>
        <p id={`${pathId}-help`} className="text-sm text-fg-muted md:col-span-3">
          {texts.addPathHelp}
        </p>
        {error && (
          <p id={`${pathId}-error`} className="text-sm text-danger md:col-span-3" role="alert">
            {error}
          </p>
        )}
      </adding.Form>
    </Panel>
  );
}

function RedirectRow({ redirect }: { redirect: RedirectView }) {
  const { t } = useT();
  const texts = t.admin.transfer.redirects;
  const removing = useFetcher<RedirectResult>();
  const source = texts.sources[redirect.source as keyof typeof texts.sources] ?? redirect.source;
  return (
    <tr className="border-t border-line">
      <th scope="row" className={`${wrapping} text-left font-mono text-xs font-normal`}>
        {redirect.path}
      </th>
      <td className={wrapping}>
        <a href={redirect.target} className="text-accent hover:underline">
          {redirect.kind === "post"
            ? redirect.title
            : redirect.kind === "tag"
              ? format(texts.tagTarget, { tag: redirect.title })
              : texts.feedTarget[redirect.lang]}
        </a>
      </td>
      <td className={cell}>{source}</td>
      <td className={cell}>
        <removing.Form method="post">
          <input type="hidden" name="intent" value="remove-redirect" />
          <input type="hidden" name="path" value={redirect.path} />
          <button
            type="submit"
            disabled={removing.state !== "idle"}
            aria-label={format(texts.removePath, { path: redirect.path })}
            className="inline-flex items-center gap-1.5 rounded-full border border-line px-3 py-1.5 text-sm hover:border-danger hover:text-danger disabled:opacity-60"
          >
            <Trash2 className="size-4" aria-hidden="true" />
            {texts.remove}
          </button>
        </removing.Form>
      </td>
    </tr>
  );
}
