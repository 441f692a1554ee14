import { type ReactNode, useId } from "react";
import type { PostField } from "~/lib/post-input.ts";

export interface FieldProps {
  id: string;
  name: PostField;
  "aria-invalid": boolean;
  "aria-describedby"?: string;
  className: string;
}

/** The look of every text control of the post form. */
export const controlClass = (error: boolean) =>
  `w-full rounded-xl border bg-bg px-3.5 py-2.5 text-fg outline-none transition focus:border-accent ${
    error ? "border-danger" : "border-line"
  }`;

/**
 * A labelled control with its help text, its error and an optional note
 * (a character counter), wired for screen readers.
 */
export function Field({
  name,
  label,
  help,
  error,
  note,
  children,
}: {
  name: PostField;
  label: string;
  help?: string;
  error?: string | undefined;
  /** Said with the control, after its help: a counter, a limit reached. */
  note?: ReactNode;
  children: (props: FieldProps) => ReactNode;
}) {
  const id = useId();
  const describedBy = [help ? `${id}-help` : "", note ? `${id}-note` : "", error ? `${id}-error` : ""]
    .filter(Boolean)
    .join(" ");
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {help && (
        <p id={`${id}-help`} className="text-xs text-fg-muted">
          {help}
        </p>
      )}
      {children({
        id,
        name,
        "aria-invalid": Boolean(error),
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        className: controlClass(Boolean(error)),
      })}
      {note && (
        <div id={`${id}-note`} className="text-xs">
          {note}
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
