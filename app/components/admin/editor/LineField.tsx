import { POST_LIMITS } from "~/lib/post-input.ts";
import { Field } from "../Field.tsx";
import { LimitCounter } from "./LimitCounter.tsx";

/** The post's lines of plain text: its settings, its cover's words. */
type LineName = "seoDescription" | "socialTitle" | "socialDescription" | "coverAlt" | "coverCaption";

/**
 * One of the post's lines of plain text, labelled, with its help, its error
 * and a counter of its limit (`POST_LIMITS`): a text area of `rows` lines,
 * or a one-line input.
 * @example <LineField name="socialTitle" label="Título" help="…" value={v} onChange={set} counter={{ from: 160 }} />
 */
export function LineField({
  name,
  label,
  help,
  error,
  value,
  onChange,
  rows,
  counter,
}: {
  name: LineName;
  label: string;
  help: string;
  error?: string | undefined;
  value: string;
  onChange: (value: string) => void;
  rows?: number;
  /** From how many characters the counter shows, or the length to aim for (LimitCounter's). */
  counter: { from?: number; target?: number };
}) {
  return (
    <Field
      name={name}
      label={label}
      help={help}
      error={error}
      note={<LimitCounter count={value.length} max={POST_LIMITS[name]} {...counter} />}
    >
      {(props) =>
        rows ? (
          <textarea {...props} rows={rows} value={value} onChange={(event) => onChange(event.currentTarget.value)} />
        ) : (
          <input {...props} value={value} onChange={(event) => onChange(event.currentTarget.value)} />
        )
      }
    </Field>
  );
}
