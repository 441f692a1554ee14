import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { Check, Mail, Trash2 } from "~/components/icons";
import { notify } from "~/components/layout/Toasts.tsx";
import { format, useT } from "~/i18n";
import { LocalDateTime } from "./LocalDateTime.tsx";

/** A contact message as the admin page receives it. */
export interface InboxMessage {
  id: string;
  name: string;
  email: string;
  message: string;
  lang: string;
  createdAt: string;
  read: boolean;
  /** Why the e-mail could not be sent, once retries gave up; null otherwise. */
  deliveryError: string | null;
}

export interface MessageActionResult {
  ok: boolean;
  intent: string;
  message: string;
}

/** One fetcher for every row's actions, so the toast is read here, where it outlives a deleted row. */
const MESSAGE_FETCHER = "message-action";

/** The inbox: newest first, unread ones marked, each with reply, mark-read and delete. */
export function MessageList({ messages }: { messages: InboxMessage[] }) {
  const { t } = useT();
  const action = useFetcher<MessageActionResult>({ key: MESSAGE_FETCHER });
  const handled = useRef<MessageActionResult | undefined>(undefined);
  useEffect(() => {
    const result = action.data;
    if (action.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    if (result.ok) notify("success", result.message);
    else notify("error", result.message);
  }, [action.state, action.data]);

  if (messages.length === 0) {
    return (
      <p className="rounded-2xl border border-dashed border-line p-8 text-center text-fg-muted">
        {t.contact.admin.empty}
      </p>
    );
  }
  return (
    <ul className="grid grid-cols-1 gap-4" data-testid="message-list">
      {messages.map((message) => (
        <MessageRow key={message.id} message={message} />
      ))}
    </ul>
  );
}

function MessageRow({ message }: { message: InboxMessage }) {
  const { t } = useT();
  const texts = t.contact.admin;
  const fetcher = useFetcher<MessageActionResult>({ key: MESSAGE_FETCHER });
  const busy = fetcher.state !== "idle" && fetcher.formData?.get("id") === message.id;
  const names = { name: message.name };
  const button =
    "inline-flex items-center gap-1.5 rounded-full border border-line px-3.5 py-2 text-sm disabled:opacity-60";

  return (
    <li
      className={`grid gap-3 rounded-2xl border bg-bg p-4 sm:p-5 ${
        message.read ? "border-line" : "border-accent shadow-sm"
      }`}
      data-unread={message.read ? undefined : "true"}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className={`break-words ${message.read ? "font-medium" : "font-bold"}`}>
            {!message.read && (
              <span className="mr-2 inline-block rounded-full bg-accent px-2.5 py-0.5 align-middle text-xs font-semibold text-accent-fg">
                {texts.unread}
              </span>
            )}
            {message.name}
          </h2>
          <p className="mt-0.5 break-all text-sm text-fg-muted">
            <span className="sr-only">{texts.from} </span>
            {message.email}
          </p>
        </div>
        <p className="text-xs text-fg-muted">
          <LocalDateTime iso={message.createdAt} template={texts.receivedAt} />
          {" · "}
          {format(texts.language, { lang: message.lang.toUpperCase() })}
        </p>
      </div>
      <p className="whitespace-pre-wrap break-words text-sm leading-relaxed">{message.message}</p>
      {message.deliveryError && (
        <p className="text-xs text-danger">{format(texts.notEmailed, { error: message.deliveryError })}</p>
      )}
      <div className="flex flex-wrap gap-2">
        <a
          href={`mailto:${message.email}`}
          aria-label={format(texts.replyTo, names)}
          className={`${button} hover:border-accent hover:text-accent`}
        >
          <Mail className="size-4" aria-hidden="true" />
          {texts.reply}
        </a>
        {!message.read && (
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="mark-read" />
            <input type="hidden" name="id" value={message.id} />
            <button
              type="submit"
              disabled={busy}
              aria-label={format(texts.markReadOf, names)}
              className={`${button} hover:border-accent hover:text-accent`}
            >
              <Check className="size-4" aria-hidden="true" />
              {texts.markRead}
            </button>
          </fetcher.Form>
        )}
        <fetcher.Form
          method="post"
          onSubmit={(event) => {
            if (!window.confirm(texts.confirmDelete)) event.preventDefault();
          }}
        >
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={message.id} />
          <button
            type="submit"
            disabled={busy}
            aria-label={format(texts.deleteOf, names)}
            className={`${button} hover:border-danger hover:text-danger`}
          >
            <Trash2 className="size-4" aria-hidden="true" />
            {texts.delete}
          </button>
        </fetcher.Form>
      </div>
    </li>
  );
}
