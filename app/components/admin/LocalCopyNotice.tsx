import { useId } from "react";
import { format, useT } from "~/i18n";
import { LocalDateTime } from "./LocalDateTime.tsx";
import { TextDiff } from "./TextDiff.tsx";

/**
 * The offer of a copy of the form this browser kept and the server never
 * confirmed: when it was kept, which fields differ from what is saved, the
 * content's lines added and removed, and Restore or Discard.
 */
export function LocalCopyNotice({
  keptAt,
  changedFields,
  savedContent,
  copyContent,
  onRestore,
  onDiscard,
}: {
  keptAt: string;
  /** The labels of the fields that differ. */
  changedFields: readonly string[];
  savedContent: string;
  copyContent: string;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  const { t } = useT();
  const headingId = useId();

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-accent/60 bg-bg p-4 text-sm"
      data-testid="local-copy"
    >
      <h2 id={headingId} className="font-semibold">
        {t.admin.localCopy.found}
      </h2>
      <p className="mt-1 text-fg-muted">
        <LocalDateTime iso={keptAt} template={t.admin.localCopy.keptAt} />{" "}
        {format(t.admin.localCopy.differences, { fields: changedFields.join(", ") })}
      </p>
      {savedContent !== copyContent && (
        <details className="mt-2">
          <summary className="cursor-pointer font-medium text-accent">{t.admin.localCopy.contentDiff}</summary>
          <TextDiff before={savedContent} after={copyContent} />
        </details>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          onClick={onRestore}
          className="inline-flex items-center rounded-full bg-accent px-4 py-2 text-sm font-semibold text-accent-fg hover:bg-accent-strong"
        >
          {t.admin.localCopy.restore}
        </button>
        <button
          type="button"
          onClick={onDiscard}
          className="inline-flex items-center rounded-full border border-line px-4 py-2 text-sm font-medium hover:border-danger hover:text-danger"
        >
          {t.admin.localCopy.discard}
        </button>
      </div>
    </section>
  );
}
