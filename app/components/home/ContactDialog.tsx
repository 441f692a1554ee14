import { Mail, X } from "~/components/icons";
import { SocialIcon } from "~/components/icons/SocialIcon.tsx";
import { ExternalLink } from "~/components/ui/ExternalLink.tsx";
import { useT } from "~/i18n";
import { site } from "~/site.config.ts";

/** The id of the home page's one contact dialog, which every contact button opens. */
export const CONTACT_DIALOG_ID = "contact-dialog";

/**
 * The contact dialog: e-mail and social networks, modal, closed by Escape,
 * its button or the veil around it. It is in the page's HTML, closed (a
 * closed `<dialog>` is neither shown nor laid out nor read out), and the
 * page script opens and closes it (`app/first-paint/page-script/dialog.ts`):
 * it answers the first tap at once, before and after hydration alike.
 */
export function ContactDialog() {
  const { t } = useT();
  const texts = t.home.contactDialog;
  const titleId = `${CONTACT_DIALOG_ID}-title`;
  const descriptionId = `${CONTACT_DIALOG_ID}-description`;

  return (
    <dialog
      id={CONTACT_DIALOG_ID}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      className="fixed inset-0 m-0 size-full max-h-none max-w-none bg-transparent p-0 text-fg backdrop:bg-transparent"
    >
      {/* The veil is part of the dialog so clicking it closes, as people expect. */}
      <div
        aria-hidden="true"
        data-closes-dialog=""
        className="fixed inset-0 bg-bg/90 lg:bg-bg/75 lg:backdrop-blur-sm"
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
                data-closes-dialog=""
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
