import { useId } from "react";
import type { PostField } from "~/lib/post-input.ts";

export interface FieldProps {
  id: string;
  name: PostField;
  "aria-invalid": boolean;
  "aria-describedby"?: string;
  className: string;
}

/** A labelled control with its help text and its error, wired for screen readers. */
export function Field({
  name,
  label,
  help,
  error,
  children,
}: {
  name: PostField;
  label: string;
  help?: string;
  error?: string | undefined;
  children: (props: FieldProps) => React.ReactNode;
}) {
  const id = useId();
  const describedBy = [help ? `${id}-help` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
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
        className: `w-full rounded-xl border bg-bg px-3.5 py-2.5 text-fg outline-none transition focus:border-accent ${
          error ? "border-danger" : "border-line"
        }`,
      })}
      {error && (
        <p id={`${id}-error`} className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
