import { useEffect, useId, useRef } from "react";
import { Mail } from "~/components/icons";
import { format, useT } from "~/i18n";
import type { NewsletterQuestion } from "../post-types.ts";

/** A publication waiting for the author's answer: what it is, and who it would mail. */
export interface PendingPublication extends NewsletterQuestion {
  intent: "publish" | "schedule";
}

export type NewsletterAnswer = "send" | "skip";

const button =
  "inline-flex min-h-11 items-center justify-center gap-1.5 rounded-full px-4 py-2 text-sm font-semibold transition";

/**
 * The question a publication that would mail the newsletter asks first, in a
 * modal dialog: how many readers of the post's language get it, and the
 * three answers, mail them, publish without mailing (for good), or cancel.
 * Nothing is sent to the server until an answer is chosen: Escape, Cancel or
 * leaving the page publishes nothing. The focus starts on Cancel, so a key
 * pressed by mistake mails nobody.
 */
export function PublishQuestion({
  pending,
  onAnswer,
  onCancel,
}: {
  pending: PendingPublication;
  onAnswer: (answer: NewsletterAnswer) => void;
  onCancel: () => void;
}) {
  const { t } = useT();
  const texts = t.admin.editor.newsletter;
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const onCancelRef = useRef(onCancel);
  onCancelRef.current = onCancel;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    cancelRef.current?.focus();
    // Escape closes a modal dialog by itself: that is a cancel.
    const cancelled = (event: Event) => {
      event.preventDefault();
      onCancelRef.current();
    };
    dialog.addEventListener("cancel", cancelled);
    return () => {
      dialog.removeEventListener("cancel", cancelled);
      if (dialog.open) dialog.close();
    };
  }, []);

  const counted = pending.intent === "schedule" ? texts.schedule : texts.publish;
  const text = format(pending.count === 1 ? counted.one : counted.other, {
    count: pending.count.toLocaleString(),
    lang: texts.langs[pending.lang],
  });
  const scheduling = pending.intent === "schedule";

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-card border border-line bg-bg p-0 text-fg shadow-2xl backdrop:bg-bg/80 motion-safe:backdrop:backdrop-blur-sm"
      data-testid="publish-question"
    >
      <div aria-hidden="true" className="brand-gradient h-1.5" />
      <div className="grid gap-3 p-6">
        <h2 id={titleId} className="flex items-center gap-2 text-xl font-bold tracking-tight">
          <Mail className="size-5 shrink-0 text-accent" aria-hidden="true" />
          {texts.heading}
        </h2>
        <div id={descriptionId} className="grid gap-2 text-sm">
          <p className="font-medium">{text}</p>
          <p className="text-fg-muted">{texts.digest}</p>
          <p className="text-fg-muted">{texts.skipHelp}</p>
        </div>
        <div className="mt-2 flex flex-wrap gap-2">
          <button
            type="button"
            className={`${button} bg-accent text-accent-fg hover:bg-accent-strong`}
            onClick={() => onAnswer("send")}
          >
            {scheduling ? texts.sendSchedule : texts.sendPublish}
          </button>
          <button
            type="button"
            className={`${button} border border-line bg-bg hover:border-accent hover:text-accent`}
            onClick={() => onAnswer("skip")}
          >
            {scheduling ? texts.skipSchedule : texts.skipPublish}
          </button>
          <button
            ref={cancelRef}
            type="button"
            className={`${button} font-medium text-fg-muted hover:text-fg`}
            onClick={onCancel}
          >
            {texts.cancel}
          </button>
        </div>
      </div>
    </dialog>
  );
}
