import { type Ref, useEffect, useId, useRef, useState } from "react";
import { CalendarClock, ExternalLink, Loader2 } from "~/components/icons";
import { notify } from "~/components/layout/Toasts.tsx";
import { format, htmlLang, useT } from "~/i18n";
import { LocalDateTime } from "../LocalDateTime.tsx";
import { ScheduleField } from "../ScheduleField.tsx";
import type { SaveRequest, SaveStatus } from "../use-autosave.ts";
import { clockTime } from "./times.ts";

/** Where the post stands with readers, as the server last said. */
export interface Publication {
  /** Readers see it now. */
  published: boolean;
  /** When a scheduled post goes out (UTC ISO); null: not scheduled. */
  scheduledAt: string | null;
  /** A published post's saved changes wait for the next publication. */
  pending: boolean;
  /** Its public address, once it has one. */
  path: string | null;
}

const button =
  "inline-flex min-h-10 items-center justify-center gap-1.5 rounded-full px-3 py-2 text-sm font-semibold whitespace-nowrap transition disabled:opacity-60 aria-disabled:cursor-progress aria-disabled:opacity-80 sm:px-4";
const primary = `${button} bg-accent text-accent-fg hover:bg-accent-strong`;
const secondary = `${button} border border-line bg-bg font-medium hover:border-accent hover:text-accent`;
const small =
  "inline-flex min-h-8 items-center rounded-full border border-line bg-bg px-3 py-1 text-xs font-medium hover:border-accent hover:text-accent";

/**
 * The editor's bar, in view while the author writes (sticky under the
 * site's header): where the post stands ("Rascunho", "Publicado ·
 * alterações não publicadas", "Agendado para..."), what saving did from the
 * first keystroke, Save, and one publishing control: publish now (or update
 * the publication), and a panel to schedule, reschedule or unpublish.
 */
export function EditorBar({
  isNew,
  publication,
  dirty,
  status,
  content,
  onSave,
  onRetry,
  onCompare,
  panelOpen,
  onPanelOpenChange,
  scheduleError,
  scheduleInputRef,
}: {
  /** Not yet created by the author's own save: Save says "Criar". */
  isNew: boolean;
  publication: Publication;
  dirty: boolean;
  status: SaveStatus;
  /** The text, for "Copiar o texto" when a save was refused. */
  content: string;
  onSave: (request: SaveRequest) => void;
  onRetry: () => void;
  onCompare: () => void;
  panelOpen: boolean;
  onPanelOpenChange: (open: boolean) => void;
  scheduleError?: string | undefined;
  scheduleInputRef?: Ref<HTMLInputElement>;
}) {
  const { t } = useT();
  const texts = t.admin.editor.bar;
  const panelId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const saveRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLFieldSetElement>(null);
  const [when, setWhen] = useState(publication.scheduledAt ?? "");
  const scheduled = publication.scheduledAt !== null;
  const changes = publication.pending || dirty;

  // The panel takes the focus when it opens.
  useEffect(() => {
    if (panelOpen) panelRef.current?.querySelector<HTMLElement>("input, button")?.focus();
  }, [panelOpen]);
  // A button that went with the post's new state leaves the focus nowhere: Save takes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a change of state is what may remove the focused button.
  useEffect(() => {
    if (document.activeElement === null || document.activeElement === document.body) saveRef.current?.focus();
  }, [publication.published, publication.scheduledAt, publication.pending]);

  const close = () => {
    onPanelOpenChange(false);
    requestAnimationFrame(() => toggleRef.current?.focus());
  };
  // A publication on its way to the server: its button says so until the answer comes, and is not pressed twice.
  const working = status.state === "saving" && status.intent !== "save" && status.intent !== "autosave";
  const act = (request: SaveRequest) => {
    if (working) return;
    onSave(request);
    if (panelOpen) close();
  };
  const busy = (intent: SaveRequest["intent"], label: string) =>
    working && status.state === "saving" && status.intent === intent ? (
      <>
        <Loader2 className="size-4 motion-safe:animate-spin" aria-hidden="true" />
        {label}
      </>
    ) : (
      label
    );
  const schedule = () => {
    if (!working) onSave({ intent: "schedule", extra: { scheduledAt: when } });
  };

  const toggleLabel = publication.published
    ? texts.unpublish
    : scheduled
      ? texts.changeSchedule
      : t.admin.fields.schedule;

  return (
    <section
      aria-label={texts.label}
      className="-mx-4 border-y border-line bg-bg/95 px-4 py-2.5 backdrop-blur supports-[backdrop-filter]:bg-bg/85 sm:mx-0 sm:rounded-2xl sm:border"
      data-testid="editor-bar"
    >
      {/* One line on a phone: where the post stands and what saving did, cut short, then the buttons. */}
      <div className="flex items-center gap-x-3 sm:flex-wrap sm:gap-x-4 sm:gap-y-2">
        <div className="flex min-w-0 flex-1 items-baseline gap-x-2 text-sm sm:grid sm:basis-52 sm:gap-0.5">
          <p
            className="flex shrink-0 items-center gap-x-2 font-semibold max-sm:max-w-[45%] max-sm:truncate sm:flex-wrap"
            data-testid="publish-state"
          >
            {scheduled && publication.scheduledAt ? (
              <span className="inline-flex items-center gap-1.5">
                <CalendarClock className="size-4 text-accent" aria-hidden="true" />
                <LocalDateTime iso={publication.scheduledAt} template={texts.scheduled} />
              </span>
            ) : publication.published ? (
              <span className="min-w-0 max-sm:truncate">
                {texts.published}
                {changes && <span className="font-normal text-fg-muted"> · {texts.pending}</span>}
              </span>
            ) : (
              // Cut short on a phone with an ellipsis, as the save state beside it is.
              <span className="min-w-0 max-sm:truncate">{texts.draft}</span>
            )}
            {publication.published && publication.path && (
              <a
                href={publication.path}
                target="_blank"
                rel="noopener"
                className="inline-flex items-center gap-1 font-medium text-accent underline-offset-2 hover:underline"
              >
                {texts.view}
                <ExternalLink className="size-3.5" aria-hidden="true" />
                <span className="sr-only">{` ${t.a11y.opensInNewTab}`}</span>
              </a>
            )}
          </p>
          <SaveState status={status} content={content} onRetry={onRetry} onCompare={onCompare} />
        </div>
        <div className="flex shrink-0 items-center gap-1.5 sm:flex-wrap sm:gap-2">
          <button ref={saveRef} type="submit" className={secondary}>
            {isNew ? t.admin.create : t.admin.save}
          </button>
          {!publication.published && !scheduled && (
            <button
              type="button"
              className={primary}
              aria-disabled={working || undefined}
              aria-busy={working || undefined}
              onClick={() => act({ intent: "publish" })}
            >
              {busy("publish", t.admin.fields.publishNow)}
            </button>
          )}
          {publication.published && changes && (
            <button
              type="button"
              className={primary}
              aria-disabled={working || undefined}
              aria-busy={working || undefined}
              onClick={() => act({ intent: "publish" })}
            >
              {busy("publish", texts.updatePublication)}
            </button>
          )}
          {/* On a phone an icon, named by the same words the wider screen shows. */}
          <button
            ref={toggleRef}
            type="button"
            className={`${secondary} max-sm:w-10 max-sm:px-0`}
            aria-expanded={panelOpen}
            aria-controls={panelId}
            onClick={() => onPanelOpenChange(!panelOpen)}
          >
            <CalendarClock className="size-4 sm:hidden" aria-hidden="true" />
            <span className="max-sm:sr-only">{toggleLabel}</span>
          </button>
        </div>
      </div>
      {panelOpen && (
        <fieldset
          ref={panelRef}
          id={panelId}
          onKeyDown={(event) => {
            if (event.key === "Escape") {
              event.stopPropagation();
              close();
            }
          }}
          className="mt-3 grid min-w-0 gap-3 border-t border-line pt-3 sm:ml-auto sm:max-w-md"
          data-testid="publish-panel"
        >
          <legend className="sr-only">{toggleLabel}</legend>
          {publication.published ? (
            <>
              <p className="text-sm text-fg-muted">{texts.unpublishHelp}</p>
              <div className="flex flex-wrap gap-2">
                <button
                  type="button"
                  className={primary}
                  aria-disabled={working || undefined}
                  aria-busy={working || undefined}
                  onClick={() => act({ intent: "unpublish" })}
                >
                  {busy("unpublish", texts.confirmUnpublish)}
                </button>
                <button type="button" className={secondary} onClick={close}>
                  {texts.close}
                </button>
              </div>
            </>
          ) : (
            <>
              <ScheduleField
                value={when}
                onChange={setWhen}
                onEnter={schedule}
                error={scheduleError}
                inputRef={scheduleInputRef}
              />
              <div className="flex flex-wrap gap-2">
                <button
                  type="button"
                  className={primary}
                  aria-disabled={working || undefined}
                  aria-busy={working || undefined}
                  onClick={schedule}
                >
                  {busy("schedule", scheduled ? texts.reschedule : texts.confirmSchedule)}
                </button>
                {scheduled && (
                  <>
                    <button type="button" className={secondary} onClick={() => act({ intent: "publish" })}>
                      {t.admin.fields.publishNow}
                    </button>
                    <button type="button" className={secondary} onClick={() => act({ intent: "unpublish" })}>
                      {texts.toDraft}
                    </button>
                  </>
                )}
                <button type="button" className={secondary} onClick={close}>
                  {texts.close}
                </button>
              </div>
            </>
          )}
        </fieldset>
      )}
    </section>
  );
}

/** What saving last did, said politely to screen readers, with what the author can do about a failure. */
function SaveState({
  status,
  content,
  onRetry,
  onCompare,
}: {
  status: SaveStatus;
  content: string;
  onRetry: () => void;
  onCompare: () => void;
}) {
  const { lang, t } = useT();
  const texts = t.admin.autosave;
  const editor = t.admin.editor.status;
  const reason =
    status.state === "failed"
      ? {
          signedOut: editor.signedOut,
          server: editor.serverError,
          stale: editor.stale,
          refused: status.result.message,
        }[status.kind]
      : "";
  const text = {
    idle: "",
    unsaved: editor.unsaved,
    notReady: editor.notReady,
    saving:
      status.state === "saving" &&
      (status.intent === "publish" || status.intent === "schedule" || status.intent === "unpublish")
        ? t.admin.editor.working[status.intent]
        : texts.saving,
    saved:
      status.state === "saved"
        ? format(status.pending ? texts.pending : texts.saved, { time: clockTime(status.at, htmlLang[lang]) })
        : "",
    offline: texts.offline,
    failed: format(texts.failed, { reason }),
  }[status.state];
  const copy = () =>
    void navigator.clipboard.writeText(content).then(
      () => notify("success", texts.copied),
      () => notify("error", t.blog.copyFailed),
    );
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
      <p
        role="status"
        className={`max-sm:truncate sm:[overflow-wrap:anywhere] ${status.state === "failed" ? "text-danger" : "text-fg-muted"}`}
        data-testid="autosave-status"
      >
        {text}
      </p>
      {status.state === "offline" && <p className="text-xs text-fg-muted">({editor.offlineLater})</p>}
      {status.state === "failed" && status.kind === "stale" && (
        <button type="button" className={small} onClick={onCompare}>
          {editor.compare}
        </button>
      )}
      {status.state === "failed" && (status.kind === "signedOut" || status.kind === "server") && (
        <button type="button" className={small} onClick={onRetry}>
          {editor.retry}
        </button>
      )}
      {status.state === "failed" && status.kind !== "refused" && (
        <button type="button" className={small} onClick={copy}>
          {texts.copy}
        </button>
      )}
    </div>
  );
}
