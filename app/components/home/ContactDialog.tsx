import { type KeyboardEvent, useEffect, useId, useRef } from "react";
import { Mail, X } from "~/components/icons";
import { SocialIcon } from "~/components/icons/SocialIcon.tsx";
import { ExternalLink } from "~/components/ui/ExternalLink.tsx";
import { useT } from "~/i18n";
import { site } from "~/site.config.ts";

const focusableSelector = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The contact dialog: e-mail and social networks, modal, closed by Escape, its button or the backdrop. */
export function ContactDialog({ onClosed }: { onClosed: () => void }) {
  const { t } = useT();
  const texts = t.home.contactDialog;
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    // showModal makes the page behind inert and gives Escape-to-close for free.
    dialog.current?.showModal();
  }, []);

  // Tab and Shift+Tab cycle inside the dialog instead of reaching the browser's own controls.
  const trapFocus = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== "Tab" || !dialog.current) return;
    const items = Array.from(dialog.current.querySelectorAll<HTMLElement>(focusableSelector));
    const first = items[0];
    const last = items.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={dialog}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      onClose={onClosed}
      onKeyDown={trapFocus}
      data-testid="contact-dialog"
      className="fixed inset-0 m-0 size-full max-h-none max-w-none bg-transparent p-0 text-fg backdrop:bg-transparent"
    >
      {/* The veil is part of the dialog so clicking it closes, as people expect. */}
      <div
        aria-hidden="true"
        className="fixed inset-0 bg-bg/75 backdrop-blur-sm"
        onClick={() => dialog.current?.close()}
      />
      <div className="pointer-events-none relative grid min-h-full place-items-center p-4">
        <div className="pointer-events-auto relative w-full max-w-md overflow-hidden rounded-card border border-line bg-bg shadow-2xl">
          <div aria-hidden="true" className="brand-gradient h-1.5" />
          <div className="p-6 sm:p-8">
            <div className="flex items-start justify-between gap-4">
              <h2 id={titleId} className="text-2xl font-bold tracking-tight">
                {texts.title}
              </h2>
              <button
                type="button"
                onClick={() => dialog.current?.close()}
                aria-label={texts.close}
                className="-mr-2 -mt-1 grid size-10 shrink-0 place-items-center rounded-full text-fg-muted hover:bg-surface-2 hover:text-fg"
              >
                <X className="size-5" aria-hidden="true" />
              </button>
            </div>
            <p id={descriptionId} className="mt-2 text-fg-muted">
              {texts.description}
            </p>

            <a
              href={`mailto:${site.email}`}
              className="mt-6 flex items-center gap-3 rounded-xl bg-accent px-4 py-3 font-medium text-accent-fg transition hover:bg-accent-strong"
            >
              <Mail className="size-5 shrink-0" aria-hidden="true" />
              <span className="min-w-0">
                <span className="block">{texts.email}</span>
                <span className="block truncate text-sm">{site.email}</span>
              </span>
            </a>

            <h3 className="mt-6 text-sm font-semibold text-fg-muted">{texts.socials}</h3>
            <ul className="mt-3 grid grid-cols-2 gap-2">
              {site.socials.map((social) => (
                <li key={social.network}>
                  <ExternalLink
                    href={social.href}
                    className="flex items-center gap-2.5 rounded-xl border border-line px-3 py-2.5 text-sm font-medium transition hover:border-accent hover:text-accent"
                  >
                    <SocialIcon network={social.network} className="size-4 shrink-0" />
                    {social.name}
                  </ExternalLink>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </div>
    </dialog>
  );
}
