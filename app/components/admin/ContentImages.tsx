import { useId, useRef, useState } from "react";
import { ImageUp } from "~/components/icons";
import { notify } from "~/components/layout/Toasts.tsx";
import { format, type Lang, useT } from "~/i18n";
import { MAX_UPLOAD_BYTES } from "~/lib/upload-limits.ts";

const ACCEPTED = "image/jpeg,image/png,image/webp,image/avif,image/gif";

/** An image uploaded for the text, waiting for its alternative text. */
interface Uploaded {
  url: string;
  /** Where in the text it goes: the cursor when the image arrived. */
  at: number;
}

/** Sends one image through the upload pipeline, reporting progress; the URL, or an error to show. */
function uploadImage(
  file: File,
  lang: Lang,
  onProgress: (percent: number) => void,
): Promise<{ url?: string; error?: string }> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open("POST", `/admin/blog/upload?lang=${lang}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      try {
        resolve(JSON.parse(request.responseText) as { url?: string; error?: string });
      } catch {
        resolve({});
      }
    };
    request.onerror = () => resolve({ error: "network" });
    const body = new FormData();
    body.set("file", file);
    request.send(body);
  });
}

/**
 * Images in the text: chosen with the button, pasted or dropped onto the
 * content box; each is uploaded (checked and re-encoded by the server, with
 * progress shown), then its alternative text is asked for, in the post's
 * language, and the Markdown goes in at the cursor.
 */
export function useContentImages({
  postLang,
  content,
  cursor,
  onInsert,
}: {
  postLang: Lang;
  content: string;
  /** Where the text box's cursor is (it keeps its place while the button has focus). */
  cursor: () => number | undefined;
  onInsert: (content: string, cursor: number) => void;
}) {
  const { lang, t } = useT();
  const [progress, setProgress] = useState<number | undefined>(undefined);
  const [waiting, setWaiting] = useState<Uploaded | undefined>(undefined);

  async function upload(file: File, at: number) {
    if (file.size > MAX_UPLOAD_BYTES) return notify("error", t.admin.errors.uploadTooLarge);
    setProgress(0);
    const result = await uploadImage(file, lang, setProgress);
    setProgress(undefined);
    if (result.error === "network") return notify("error", t.admin.errors.network);
    if (!result.url) return notify("error", result.error ?? t.admin.errors.uploadUnreadable);
    setWaiting({ url: result.url, at });
  }

  /** The first image among pasted or dropped files, if any: it is taken instead of the text. */
  const imageOf = (files: FileList | null | undefined) =>
    [...(files ?? [])].find((file) => ACCEPTED.split(",").includes(file.type) || file.type.startsWith("image/"));

  const textareaHandlers = {
    onPaste: (event: React.ClipboardEvent<HTMLTextAreaElement>) => {
      const file = imageOf(event.clipboardData.files);
      if (!file) return;
      event.preventDefault();
      void upload(file, event.currentTarget.selectionStart);
    },
    onDragOver: (event: React.DragEvent<HTMLTextAreaElement>) => {
      if ([...event.dataTransfer.types].includes("Files")) event.preventDefault();
    },
    onDrop: (event: React.DragEvent<HTMLTextAreaElement>) => {
      const file = imageOf(event.dataTransfer.files);
      if (!file) return;
      event.preventDefault();
      void upload(file, event.currentTarget.selectionStart);
    },
  };

  const panel = (
    <ContentImagePanel
      postLang={postLang}
      progress={progress}
      waiting={waiting}
      onChoose={(file) => void upload(file, cursor() ?? content.length)}
      onCancel={() => setWaiting(undefined)}
      onAdd={(alt) => {
        if (!waiting) return;
        const at = Math.min(waiting.at, content.length);
        const before = content.slice(0, at);
        const after = content.slice(at);
        // A paragraph of its own: a blank line before and after.
        const opening = before === "" || before.endsWith("\n\n") ? "" : before.endsWith("\n") ? "\n" : "\n\n";
        const markdown = `${opening}![${alt.replace(/[[\]\n]/g, " ")}](${waiting.url})\n\n`;
        onInsert(before + markdown + after, at + markdown.length);
        setWaiting(undefined);
      }}
    />
  );
  return { textareaHandlers, panel };
}

function ContentImagePanel({
  postLang,
  progress,
  waiting,
  onChoose,
  onCancel,
  onAdd,
}: {
  postLang: Lang;
  progress: number | undefined;
  waiting: Uploaded | undefined;
  onChoose: (file: File) => void;
  onCancel: () => void;
  onAdd: (alt: string) => void;
}) {
  const { t } = useT();
  const texts = t.admin.images;
  const id = useId();
  const [alt, setAlt] = useState("");
  const [error, setError] = useState(false);
  const altInput = useRef<HTMLInputElement>(null);
  const add = () => {
    if (!alt.trim()) {
      setError(true);
      altInput.current?.focus();
      return;
    }
    onAdd(alt.trim());
    setAlt("");
    setError(false);
  };
  return (
    <div className="grid gap-2 text-sm">
      <div className="flex flex-wrap items-center gap-3">
        <label
          className={`inline-flex items-center gap-2 rounded-full border border-line px-3.5 py-1.5 font-medium ${
            progress !== undefined ? "cursor-wait opacity-60" : "cursor-pointer hover:border-accent hover:text-accent"
          } has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring`}
        >
          <ImageUp className="size-4" aria-hidden="true" />
          {texts.insert}
          <input
            type="file"
            accept={ACCEPTED}
            disabled={progress !== undefined}
            className="sr-only"
            data-testid="content-image-input"
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              event.currentTarget.value = "";
              if (file) onChoose(file);
            }}
          />
        </label>
        <span role="status" className="text-fg-muted">
          {progress !== undefined ? format(texts.uploading, { percent: progress }) : ""}
        </span>
      </div>
      {waiting && (
        <div className="grid gap-1.5 rounded-xl border border-accent/60 bg-bg p-3" data-testid="image-alt">
          <img src={waiting.url} alt="" className="max-h-32 w-auto self-start rounded-lg border border-line" />
          <label htmlFor={id} className="font-medium">
            {format(texts.altLabel, { language: t.admin.languages[postLang] })}
          </label>
          <p id={`${id}-help`} className="text-xs text-fg-muted">
            {texts.altHelp}
          </p>
          <input
            id={id}
            ref={altInput}
            value={alt}
            lang={postLang === "pt" ? "pt-BR" : "en"}
            onChange={(event) => setAlt(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter") {
                // Enter adds the image; it never submits the post.
                event.preventDefault();
                add();
              }
            }}
            aria-invalid={error}
            aria-describedby={`${id}-help${error ? ` ${id}-error` : ""}`}
            // biome-ignore lint/a11y/noAutofocus: the author just added the image; its description comes next.
            autoFocus
            className={`w-full rounded-xl border bg-bg px-3.5 py-2 outline-none focus:border-accent ${
              error ? "border-danger" : "border-line"
            }`}
          />
          {error && (
            <p id={`${id}-error`} className="text-danger">
              {texts.altRequired}
            </p>
          )}
          <div className="flex gap-2">
            <button
              type="button"
              onClick={add}
              className="rounded-full bg-accent px-4 py-1.5 font-semibold text-accent-fg hover:bg-accent-strong"
            >
              {texts.add}
            </button>
            <button
              type="button"
              onClick={onCancel}
              className="rounded-full border border-line px-4 py-1.5 hover:border-accent hover:text-accent"
            >
              {t.admin.cancel}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
