import { useState } from "react";
import { Form } from "react-router";
import { Check, Send, X } from "~/components/icons";
import { useT } from "~/i18n";
import { LocalDateTime } from "./LocalDateTime.tsx";

/** A link of the post that still opens it (its token is never shown again). */
export interface SharedLinkView {
  id: string;
  createdAt: string;
}

/** What the last share or revoke answered. */
export interface ShareResult {
  ok: boolean;
  intent: string;
  message: string;
  /** A link just made: its whole address, shown this once. */
  url?: string;
}

const button =
  "inline-flex items-center gap-1.5 rounded-full border border-line bg-bg px-3.5 py-2 text-sm font-medium text-fg hover:border-accent hover:text-accent";

/**
 * Sharing a draft, for its author on the preview: a button that makes a link
 * anyone can open for 7 days (shown once, to copy), and the live links with a
 * button that revokes each. Plain forms: they work before the page's scripts.
 */
export function SharePanel({ links, result }: { links: SharedLinkView[]; result?: ShareResult | undefined }) {
  const { t } = useT();
  const texts = t.admin.manage.share;
  const [copied, setCopied] = useState(false);
  return (
    <aside aria-label={texts.heading} className="mt-3 border-t border-accent/40 pt-3 text-sm" data-testid="share-panel">
      <p>{texts.help}</p>
      <Form method="post" className="mt-3">
        <input type="hidden" name="intent" value="share" />
        <button type="submit" className={button}>
          <Send className="size-4" aria-hidden="true" />
          {texts.create}
        </button>
      </Form>
      {result && (
        <p role="status" className={`mt-3 font-medium ${result.ok ? "" : "text-danger"}`}>
          {result.message}
        </p>
      )}
      {result?.url && (
        <div className="mt-2 flex flex-wrap items-end gap-2">
          <label className="grid min-w-0 basis-full gap-1 sm:basis-auto sm:flex-1">
            <span className="font-medium">{texts.link}</span>
            <input
              readOnly
              value={result.url}
              onFocus={(event) => event.currentTarget.select()}
              className="w-full min-w-0 rounded-lg border border-line bg-bg px-3 py-2 font-mono text-xs text-fg"
              data-testid="share-url"
            />
          </label>
          <button
            type="button"
            className={button}
            onClick={() => {
              void navigator.clipboard?.writeText(result.url ?? "").then(() => setCopied(true));
            }}
          >
            <Check className="size-4" aria-hidden="true" />
            {copied ? texts.copied : texts.copy}
          </button>
        </div>
      )}
      <p className="mt-4 font-semibold">{texts.live}</p>
      {links.length === 0 ? (
        <p className="mt-1">{texts.none}</p>
      ) : (
        <ul className="mt-2 grid gap-2" data-testid="share-links">
          {links.map((link) => (
            <li key={link.id} className="flex items-center justify-between gap-2">
              {/* A link lasts 7 days from its making (the help says so): when it was made names it. */}
              <span id={`share-link-${link.id}`} className="min-w-0">
                <LocalDateTime iso={link.createdAt} template={texts.createdOn} />
              </span>
              <Form method="post">
                <input type="hidden" name="intent" value="revoke" />
                <input type="hidden" name="linkId" value={link.id} />
                <button
                  type="submit"
                  aria-describedby={`share-link-${link.id}`}
                  className={`${button} shrink-0 py-1.5 hover:border-danger hover:text-danger`}
                >
                  <X className="size-4" aria-hidden="true" />
                  {texts.revoke}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </aside>
  );
}
