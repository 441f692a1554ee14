import { useId, useState } from "react";
import { ImageUp, X } from "~/components/icons";
import { notify } from "~/components/layout/Toasts.tsx";
import { useT } from "~/i18n";
import { POST_LIMITS } from "~/lib/post-input.ts";
import { MAX_UPLOAD_BYTES } from "~/lib/upload-limits.ts";
import { LineField } from "./editor/LineField.tsx";

/** A cover's words: its description for readers who do not see it, and the line under it on the article. */
export interface CoverWords {
  coverAlt: string;
  coverCaption: string;
}

/**
 * The cover image: chosen, uploaded at once (the server checks and
 * re-encodes it), previewed, and kept in a hidden field for the form; once
 * there is one, its description and caption under it.
 */
export function CoverField({
  value,
  onChange,
  words,
  onWordsChange,
  error,
  wordErrors,
}: {
  value: string;
  onChange: (url: string) => void;
  words: CoverWords;
  onWordsChange: (key: keyof CoverWords, value: string) => void;
  error?: string | undefined;
  wordErrors: Partial<Record<keyof CoverWords, string>>;
}) {
  const { lang, t } = useT();
  const id = useId();
  const [uploading, setUploading] = useState(false);

  async function upload(file: File) {
    if (file.size > MAX_UPLOAD_BYTES) {
      notify("error", t.admin.errors.uploadTooLarge);
      return;
    }
    setUploading(true);
    try {
      const body = new FormData();
      body.set("file", file);
      const response = await fetch(`/admin/blog/upload?lang=${lang}`, { method: "POST", body });
      const result = (await response.json().catch(() => ({}))) as { url?: string; error?: string };
      if (!response.ok || !result.url) {
        notify("error", result.error ?? t.admin.errors.uploadUnreadable);
        return;
      }
      onChange(result.url);
      notify("success", t.admin.toasts.uploaded);
    } catch {
      notify("error", t.admin.errors.network);
    } finally {
      setUploading(false);
    }
  }

  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium">
        {t.admin.fields.cover}
      </label>
      <p className="text-xs text-fg-muted" id={`${id}-help`}>
        {t.admin.fields.coverHelp}
      </p>
      <input type="hidden" name="coverImage" value={value} />
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <label
          className={`inline-flex items-center gap-2 rounded-full border border-line px-4 py-2 text-sm font-medium ${
            uploading ? "cursor-wait opacity-60" : "cursor-pointer hover:border-accent hover:text-accent"
          } has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring`}
        >
          <ImageUp className="size-4" aria-hidden="true" />
          <span aria-live="polite">{uploading ? t.admin.uploading : t.admin.fields.cover}</span>
          <input
            id={id}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
            disabled={uploading}
            aria-describedby={`${id}-help${error ? ` ${id}-error` : ""}`}
            aria-invalid={Boolean(error)}
            className="sr-only"
            data-testid="cover-input"
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              event.currentTarget.value = "";
              if (file) void upload(file);
            }}
          />
        </label>
        {value && !uploading && (
          <button
            type="button"
            onClick={() => onChange("")}
            className="inline-flex items-center gap-1 text-sm text-fg-muted hover:text-danger"
          >
            <X className="size-4" aria-hidden="true" />
            {t.admin.fields.removeCover}
          </button>
        )}
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-danger">
          {error}
        </p>
      )}
      {value && (
        <img
          src={value}
          alt=""
          width={1200}
          height={630}
          className="mt-3 aspect-[1200/630] w-full max-w-md rounded-xl border border-line object-cover"
          data-testid="cover-preview"
        />
      )}
      {value && (
        <div className="mt-4 grid max-w-md gap-4">
          <LineField
            name="coverAlt"
            label={t.admin.fields.coverAlt}
            help={t.admin.fields.coverAltHelp}
            error={wordErrors.coverAlt}
            value={words.coverAlt}
            onChange={(text) => onWordsChange("coverAlt", text)}
            rows={2}
            counter={{ from: POST_LIMITS.coverAlt - 60 }}
          />
          <LineField
            name="coverCaption"
            label={t.admin.fields.coverCaption}
            help={t.admin.fields.coverCaptionHelp}
            error={wordErrors.coverCaption}
            value={words.coverCaption}
            onChange={(text) => onWordsChange("coverCaption", text)}
            counter={{ from: POST_LIMITS.coverCaption - 60 }}
          />
        </div>
      )}
    </div>
  );
}
