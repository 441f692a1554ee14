import { format, useT } from "~/i18n";
import { type DiffLine, lineDiff } from "~/lib/line-diff.ts";

/** Unchanged lines further than this from a change are folded to a count. */
const CONTEXT_LINES = 2;

type Shown = DiffLine | { kind: "folded"; count: number };

/** Unchanged lines far from any change become one "n unchanged lines" entry. */
function folded(diff: readonly DiffLine[]): Shown[] {
  const near = (index: number) =>
    diff.slice(Math.max(0, index - CONTEXT_LINES), index + CONTEXT_LINES + 1).some((line) => line.kind !== "same");
  const result: Shown[] = [];
  for (const [index, line] of diff.entries()) {
    const last = result.at(-1);
    if (line.kind !== "same" || near(index)) result.push(line);
    else if (last?.kind === "folded") last.count++;
    else result.push({ kind: "folded", count: 1 });
  }
  return result;
}

/** Two versions of a text, line by line: lines added (`ins`), removed (`del`) and a little around them. */
export function TextDiff({ before, after }: { before: string; after: string }) {
  const { t } = useT();
  return (
    <pre
      // A long diff scrolls in its box: the keyboard must reach it too.
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls on its own must be reachable from the keyboard
      tabIndex={0}
      className="mt-2 max-h-72 overflow-auto rounded-lg border border-line bg-surface p-3 font-mono text-xs leading-relaxed whitespace-pre-wrap [overflow-wrap:anywhere]"
    >
      {folded(lineDiff(before, after)).map((line, index) =>
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
  );
}
