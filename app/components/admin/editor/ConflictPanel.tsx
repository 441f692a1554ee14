import { useEffect, useId, useRef } from "react";
import { format, useT } from "~/i18n";
import type { CurrentVersion } from "../post-types.ts";
import { TextDiff } from "../TextDiff.tsx";

/** The form's text, as far as it is compared with another tab's version. */
export interface OwnText {
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  tags: string[];
  lang: string;
}

/**
 * Another tab or window saved this post after this editor opened it: its
 * version beside the author's text (the content line by line, the other
 * fields named), and the two ways on: keep this text (saved over the other,
 * which stays in the revisions) or take the saved one.
 */
export function ConflictPanel({
  current,
  mine,
  onKeepMine,
  onTakeTheirs,
}: {
  current: CurrentVersion;
  mine: OwnText;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
}) {
  const { t } = useT();
  const texts = t.admin.editor.conflict;
  const names = t.admin.revisions.fieldNames;
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const differing = (["title", "slug", "excerpt", "tags", "lang"] as const).filter((field) => {
    const theirs = current[field];
    const own = mine[field];
    return (Array.isArray(theirs) ? theirs.join(",") : (theirs ?? "")) !== (Array.isArray(own) ? own.join(",") : own);
  });
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-danger/60 bg-bg p-4 text-sm"
      data-testid="conflict"
    >
      <h2 id={headingId} ref={heading} tabIndex={-1} className="font-semibold outline-none">
        {texts.heading}
      </h2>
      <p className="mt-1 text-fg-muted">{texts.help}</p>
      {differing.length > 0 && (
        <p className="mt-2">{format(texts.fields, { fields: differing.map((field) => names[field]).join(", ") })}</p>
      )}
      {current.content !== mine.content && <TextDiff before={current.content} after={mine.content} />}
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          onClick={onKeepMine}
          className="inline-flex min-h-10 items-center rounded-full bg-accent px-4 py-2 font-semibold text-accent-fg hover:bg-accent-strong"
        >
          {texts.keepMine}
        </button>
        <button
          type="button"
          onClick={onTakeTheirs}
          className="inline-flex min-h-10 items-center rounded-full border border-line px-4 py-2 font-medium hover:border-danger hover:text-danger"
        >
          {texts.takeTheirs}
        </button>
      </div>
    </section>
  );
}
