import {
  type ReactNode,
  type Ref,
  useCallback,
  useEffect,
  useId,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { format, htmlLang, type Lang, useT } from "~/i18n";
import { POST_LIMITS } from "~/lib/post-input.ts";
import { controlClass } from "../Field.tsx";
import { MarkdownPreview } from "../MarkdownPreview.tsx";
import { LimitCounter } from "./LimitCounter.tsx";
import {
  blockAt,
  continueList,
  indentLines,
  insertLink,
  type TextEdit,
  toggleHeading,
  wrapSelection,
} from "./markdown-keys.ts";
import { countWords, readingMinutes } from "./text-stats.ts";
import { useWideScreen } from "./use-wide-screen.ts";

/** Keys that change nothing by themselves: pressing them keeps Esc's promise to let Tab out. */
const MODIFIERS = new Set(["Shift", "Control", "Alt", "Meta", "AltGraph", "CapsLock"]);

/**
 * Makes an edit as typing would: through the browser's own insertion, so
 * undo takes it back and the form hears an ordinary input; where that is
 * missing, by replacing the range and announcing the input.
 */
function applyEdit(box: HTMLTextAreaElement, edit: TextEdit) {
  box.focus();
  box.setSelectionRange(edit.from, edit.to);
  let done = false;
  try {
    done =
      edit.insert === ""
        ? edit.from === edit.to || document.execCommand("delete")
        : document.execCommand("insertText", false, edit.insert);
  } catch {
    done = false;
  }
  if (!done) {
    box.setRangeText(edit.insert, edit.from, edit.to, "end");
    box.dispatchEvent(new Event("input", { bubbles: true }));
  }
  box.setSelectionRange(edit.selectionStart, edit.selectionEnd);
}

/**
 * The post's text: a plain textarea that grows with what is written (what
 * is stored is exactly the Markdown typed), Markdown keys (Ctrl/Cmd+B, I, K,
 * E, Shift+Ctrl/Cmd+1 to 3; Tab and Shift+Tab in lists and code, Esc then
 * Tab always leaves; Enter continues a list), its words and reading time,
 * and the preview: beside it on a wide screen, following the paragraph
 * under the caret, or behind a Write/Preview switch on a phone.
 */
export function WritingSurface({
  postLang,
  value,
  onChange,
  error,
  textareaRef,
  textareaHandlers,
  imagesPanel,
}: {
  /** The post's language: the spelling the browser checks. */
  postLang: Lang;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  textareaRef: Ref<HTMLTextAreaElement | null>;
  /** Paste and drop of images (ContentImages.tsx). */
  textareaHandlers: Pick<React.TextareaHTMLAttributes<HTMLTextAreaElement>, "onPaste" | "onDragOver" | "onDrop">;
  imagesPanel: ReactNode;
}) {
  const { lang, t } = useT();
  const texts = t.admin.editor;
  const id = useId();
  const wide = useWideScreen();
  const [tab, setTab] = useState<"write" | "preview">("write");
  const box = useRef<HTMLTextAreaElement>(null);
  useImperativeHandle(textareaRef, () => box.current as HTMLTextAreaElement, []);
  const previewBox = useRef<HTMLElement>(null);
  const escaped = useRef(false);
  const shownBlock = useRef(-1);

  // A refused text brings the writing side back, where its error is.
  useEffect(() => {
    if (error) setTab("write");
  }, [error]);

  // Grows with the text where the browser cannot size the box to its content by itself.
  useLayoutEffect(() => {
    const element = box.current;
    if (!element || value === undefined || CSS.supports("field-sizing", "content")) return;
    const scroll = window.scrollY;
    element.style.height = "auto";
    element.style.height = `${element.scrollHeight + 2}px`;
    window.scrollTo({ top: scroll });
  }, [value]);

  /** Brings the preview to the block the caret is in. */
  const follow = useCallback((force = false) => {
    const element = box.current;
    const scroller = previewBox.current;
    const body = scroller?.querySelector(".article-body");
    if (!element || !scroller || !body || body.children.length === 0) return;
    const { block, blocks } = blockAt(element.value, element.selectionStart);
    if (!force && block === shownBlock.current) return;
    shownBlock.current = block;
    const children = body.children;
    const index = Math.round((block * (children.length - 1)) / Math.max(1, blocks - 1));
    const target = children[Math.min(children.length - 1, index)] as HTMLElement | undefined;
    if (!target) return;
    const top =
      target.getBoundingClientRect().top -
      scroller.getBoundingClientRect().top +
      scroller.scrollTop -
      scroller.clientHeight / 3;
    scroller.scrollTo({ top: Math.max(0, top) });
  }, []);

  const onKeyDown = (event: React.KeyboardEvent<HTMLTextAreaElement>) => {
    if (MODIFIERS.has(event.key)) return;
    const element = event.currentTarget;
    const state = { text: element.value, start: element.selectionStart, end: element.selectionEnd };
    const mod = event.ctrlKey || event.metaKey;
    const run = (edit: TextEdit | null) => {
      if (!edit) return;
      event.preventDefault();
      applyEdit(element, edit);
    };
    if (event.key === "Escape") {
      // Esc, then Tab: the focus leaves the text, even inside a list or code.
      escaped.current = true;
      return;
    }
    const leaving = escaped.current;
    escaped.current = false;
    if (event.key === "Tab") {
      if (!leaving && !mod && !event.altKey) run(indentLines(state, event.shiftKey));
      return;
    }
    if (event.key === "Enter") {
      if (!mod && !event.shiftKey && !event.altKey && !event.nativeEvent.isComposing) run(continueList(state));
      return;
    }
    if (!mod || event.altKey) return;
    if (event.shiftKey) {
      const level = ({ Digit1: 1, Digit2: 2, Digit3: 3 } as const)[event.code as "Digit1"];
      if (level) run(toggleHeading(state, level));
      return;
    }
    const key = event.key.toLowerCase();
    if (key === "b") run(wrapSelection(state, "**"));
    else if (key === "i") run(wrapSelection(state, "*"));
    else if (key === "e") run(wrapSelection(state, "`"));
    else if (key === "k") run(insertLink(state, texts.linkText));
  };

  const words = countWords(value);
  const locale = htmlLang[lang];
  const stats = `${format(words === 1 ? texts.words.one : texts.words.other, { count: words.toLocaleString(locale) })} · ${format(texts.readingTime, { minutes: readingMinutes(words) })}`;
  const tabs = [
    { key: "write", label: texts.write },
    { key: "preview", label: texts.preview },
  ] as const;
  const describedBy = [`${id}-help`, error ? `${id}-error` : ""].filter(Boolean).join(" ");

  return (
    <div className="grid gap-2">
      <label htmlFor={`${id}-text`} className="text-sm font-medium">
        {t.admin.fields.content}
      </label>
      <p id={`${id}-help`} className="text-xs text-fg-muted">
        {`${t.admin.fields.contentHelp} ${t.admin.images.hint}`}
      </p>
      {!wide && (
        <div
          role="tablist"
          aria-label={texts.modes}
          className="flex gap-1 rounded-full border border-line bg-surface p-1"
        >
          {tabs.map(({ key, label }, index) => (
            <button
              key={key}
              id={`${id}-tab-${key}`}
              type="button"
              role="tab"
              aria-selected={tab === key}
              aria-controls={`${id}-panel-${key}`}
              tabIndex={tab === key ? 0 : -1}
              onClick={() => {
                setTab(key);
                if (key === "preview") requestAnimationFrame(() => follow(true));
              }}
              onKeyDown={(event) => {
                const next =
                  event.key === "ArrowRight" || event.key === "ArrowLeft"
                    ? tabs[(index + 1) % tabs.length]
                    : event.key === "Home"
                      ? tabs[0]
                      : event.key === "End"
                        ? tabs[tabs.length - 1]
                        : undefined;
                if (!next) return;
                event.preventDefault();
                setTab(next.key);
                document.getElementById(`${id}-tab-${next.key}`)?.focus();
              }}
              className={`min-h-10 flex-1 rounded-full px-4 py-1.5 text-sm font-medium transition ${
                tab === key ? "bg-accent text-accent-fg" : "text-fg-muted hover:text-fg"
              }`}
            >
              {label}
            </button>
          ))}
        </div>
      )}
      <div className="grid gap-4 lg:grid-cols-2 lg:items-start">
        <div
          id={`${id}-panel-write`}
          className="grid min-w-0 gap-2"
          hidden={!wide && tab !== "write"}
          {...(wide ? {} : { role: "tabpanel", "aria-labelledby": `${id}-tab-write` })}
        >
          <textarea
            {...textareaHandlers}
            ref={box}
            id={`${id}-text`}
            name="content"
            required
            rows={10}
            spellCheck
            lang={htmlLang[postLang]}
            placeholder={texts.contentPlaceholder}
            value={value}
            onChange={(event) => onChange(event.currentTarget.value)}
            onKeyDown={onKeyDown}
            onBlur={() => {
              escaped.current = false;
            }}
            onSelect={() => {
              if (wide) follow();
            }}
            aria-invalid={Boolean(error)}
            aria-describedby={describedBy}
            className={`${controlClass(Boolean(error))} min-h-[calc(100dvh-15rem)] resize-none overflow-hidden font-mono text-[0.95rem] leading-relaxed [field-sizing:content]`}
            data-testid="content-input"
          />
          {error && (
            <p id={`${id}-error`} className="text-sm text-danger">
              {error}
            </p>
          )}
          <LimitCounter count={value.length} max={POST_LIMITS.content} from={POST_LIMITS.content - 10_000} />
          <p className="text-sm text-fg-muted" data-testid="word-count">
            {stats}
          </p>
          {imagesPanel}
          <details className="text-xs text-fg-muted">
            <summary className="cursor-pointer font-medium">{texts.shortcutsHeading}</summary>
            <p className="mt-1">{texts.shortcuts}</p>
          </details>
        </div>
        <div
          id={`${id}-panel-preview`}
          className="min-w-0 lg:sticky lg:top-[calc(4.75rem+var(--desk-bar,4.5rem))] lg:h-[calc(100dvh-6rem-var(--desk-bar,4.5rem))]"
          hidden={!wide && tab !== "preview"}
          {...(wide ? {} : { role: "tabpanel", "aria-labelledby": `${id}-tab-preview` })}
        >
          <MarkdownPreview
            content={value}
            scrollRef={previewBox}
            onRendered={() => {
              if (wide) follow(true);
            }}
            className="h-full max-h-full"
          />
        </div>
      </div>
    </div>
  );
}
