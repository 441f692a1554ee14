import { useId } from "react";
import { format, useT } from "~/i18n";

/**
 * `YYYY-MM-DDTHH:mm` in the browser's time zone, as a `datetime-local` control shows it.
 * @example localInputValue("2030-01-01T12:30:00.000Z") // "2030-01-01T09:30" in São Paulo
 */
export function localInputValue(iso: string): string {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The UTC time a `datetime-local` value means in the browser's time zone; "" when incomplete. */
export function utcFromLocalInput(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return "";
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? "" : date.toISOString();
}

/**
 * "Agendar": a date and time entered in the author's own time zone (named on
 * screen) and posted as UTC, when the post goes out by itself.
 */
export function ScheduleField({
  enabled,
  value,
  onEnabledChange,
  onChange,
  error,
}: {
  enabled: boolean;
  /** The scheduled time, UTC ISO; "" while none is entered. */
  value: string;
  onEnabledChange: (enabled: boolean) => void;
  onChange: (iso: string) => void;
  error?: string | undefined;
}) {
  const { t } = useT();
  const id = useId();
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <div className="grid gap-2">
      <label className="inline-flex items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          name="schedule"
          checked={enabled}
          onChange={(event) => onEnabledChange(event.currentTarget.checked)}
          className="size-4 accent-accent"
        />
        {t.admin.fields.schedule}
      </label>
      {enabled && (
        <div className="grid gap-1.5 sm:max-w-sm">
          <label htmlFor={id} className="text-sm font-medium">
            {t.admin.fields.scheduleAt}
          </label>
          <p id={`${id}-help`} className="text-xs text-fg-muted">
            {format(t.admin.fields.scheduleHelp, { timeZone })}
          </p>
          <input
            id={id}
            type="datetime-local"
            required
            defaultValue={value ? localInputValue(value) : ""}
            onChange={(event) => onChange(utcFromLocalInput(event.currentTarget.value))}
            aria-invalid={Boolean(error)}
            aria-describedby={`${id}-help${error ? ` ${id}-error` : ""}`}
            className={`w-full rounded-xl border bg-bg px-3.5 py-2.5 text-fg outline-none transition focus:border-accent ${
              error ? "border-danger" : "border-line"
            }`}
          />
          <input type="hidden" name="scheduledAt" value={value} />
        </div>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
