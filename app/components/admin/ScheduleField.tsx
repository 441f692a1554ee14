import { type Ref, useEffect, useId, useState } from "react";
import { format, htmlLang, useT } from "~/i18n";
import { zoneLabel } from "./editor/times.ts";

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
 * When a post goes out by itself: a date and time entered in the author's
 * own time zone (named on screen) and sent as UTC.
 */
export function ScheduleField({
  value,
  onChange,
  onEnter,
  error,
  inputRef,
}: {
  /** The scheduled time, UTC ISO; "" while none is entered. */
  value: string;
  onChange: (iso: string) => void;
  /** Enter in the field: schedule. */
  onEnter?: () => void;
  error?: string | undefined;
  inputRef?: Ref<HTMLInputElement> | undefined;
}) {
  const { lang, t } = useT();
  const id = useId();
  // The zone is the browser's: named once the page runs there, never the server's.
  const [zone, setZone] = useState("");
  useEffect(() => setZone(zoneLabel(htmlLang[lang])), [lang]);
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {t.admin.fields.scheduleAt}
      </label>
      <p id={`${id}-help`} className="text-xs text-fg-muted">
        {format(t.admin.fields.scheduleHelp, { timeZone: zone })}
      </p>
      <input
        id={id}
        ref={inputRef}
        type="datetime-local"
        required
        defaultValue={value ? localInputValue(value) : ""}
        onChange={(event) => onChange(utcFromLocalInput(event.currentTarget.value))}
        onKeyDown={(event) => {
          if (event.key !== "Enter") return;
          // Enter schedules; it never submits the post's form as a save.
          event.preventDefault();
          onEnter?.();
        }}
        aria-invalid={Boolean(error)}
        aria-describedby={`${id}-help${error ? ` ${id}-error` : ""}`}
        className={`w-full rounded-xl border bg-bg px-3.5 py-2.5 text-fg outline-none transition focus:border-accent ${
          error ? "border-danger" : "border-line"
        }`}
      />
      {error && (
        <p id={`${id}-error`} className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
