import { format, useT } from "~/i18n";

/**
 * How much of a field's limit is used, from `from` characters on ("187/200"),
 * and, at the limit or past it, what that means: a field is never cut short
 * silently, the author shortens it. A number past a `target` (what search
 * engines show) is only a hint, not an error.
 * @example <LimitCounter count={title.length} max={200} from={160} />
 */
export function LimitCounter({
  count,
  max,
  from = 0,
  target,
}: {
  count: number;
  /** What the server accepts. */
  max: number;
  /** Shown from this many characters on. */
  from?: number;
  /** The length to aim for, shown instead of `max` (a search description's 160). */
  target?: number;
}) {
  const { t } = useT();
  const texts = t.admin.editor;
  if (count < from) return null;
  const shownMax = target ?? max;
  const over = count - max;
  return (
    <p className="flex flex-wrap justify-between gap-x-3 gap-y-1" data-testid="limit-counter">
      <span aria-live="polite" className={over > 0 ? "font-medium text-danger" : "text-fg-muted"}>
        {over > 0 ? format(texts.overLimit, { over, max }) : count === max ? format(texts.atLimit, { max }) : ""}
      </span>
      <span
        className={`ml-auto tabular-nums ${over > 0 ? "text-danger" : target && count > target ? "font-semibold text-fg" : "text-fg-muted"}`}
      >
        <span aria-hidden="true">{format(texts.counter, { count, max: shownMax })}</span>
        <span className="sr-only">{format(texts.counterLabel, { count, max: shownMax })}</span>
      </span>
    </p>
  );
}
