import { useId } from "react";
import { format, useT } from "~/i18n";
import { type DiffLine, lineDiff } from "~/lib/line-diff.ts";
import { LocalDateTime } from "./LocalDateTime.tsx";

/** Runs of unchanged lines longer than this are folded to a count. */
const CONTEXT_LINES = 2;

/** Unchanged lines far from any change become one "n unchanged lines" entry. */
function folded(diff: readonly DiffLine[]): (DiffLine | { kind: "folded"; count: number })[] {
  const near = (index: number) =>
    diff.slice(Math.max(0, index - CONTEXT_LINES), index + CONTEXT_LINES + 1).some((line) => line.kind !== "same");
  const result: (DiffLine | { kind: "folded"; count: number })[] = [];
  for (const [index, line] of diff.entries()) {
    const last = result.at(-1);
    if (line.kind !== "same" || near(index)) result.push(line);
    else if (last?.kind === "folded") last.count++;
    else result.push({ kind: "folded", count: 1 });
  }
  return result;
}

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
  const diff = savedContent === copyContent ? [] : folded(lineDiff(savedContent, copyContent));
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-accent/60 bg-bg p-4 text-sm"
      data-testid="local-copy"
    >
      <h3 id={headingId} className="font-semibold">
        {t.admin.localCopy.found}
      </h3>
      <p className="mt-1 text-fg-muted">
        <LocalDateTime iso={keptAt} template={t.admin.localCopy.keptAt} />{" "}
        {format(t.admin.localCopy.differences, { fields: changedFields.join(", ") })}
      </p>
      {diff.length > 0 && (
        <details className="mt-2">
          <summary className="cursor-pointer font-medium text-accent">{t.admin.localCopy.contentDiff}</summary>
          <pre className="mt-2 max-h-72 overflow-auto rounded-lg border border-line bg-surface p-3 font-mono text-xs leading-relaxed whitespace-pre-wrap [overflow-wrap:anywhere]">
            {diff.map((line, index) =>
              line.kind === "folded" ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity but their place.
                <span key={index} className="block text-fg-muted italic">
                  {format(t.admin.localCopy.unchanged, { count: line.count })}
                </span>
              ) : line.kind === "added" ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity but their place.
                <ins key={index} className="block bg-accent-soft text-accent-soft-fg no-underline">
                  + {line.text}
                </ins>
              ) : line.kind === "removed" ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity but their place.
                <del key={index} className="block text-danger">
                  - {line.text}
                </del>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity but their place.
                <span key={index} className="block">
                  {"  "}
                  {line.text}
                </span>
              ),
            )}
          </pre>
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
