import { Link } from "react-router";
import { dictionaryFor, htmlLang, type Lang, localizePath, useLang } from "~/i18n";

/** The privacy page, in Portuguese; `localizePath` gives its English address. */
export const PRIVACY_PATH = "/privacidade";

/**
 * The one line under a form that collects personal data: what happens to
 * them is on the privacy page, linked. In `lang` (the page's language when
 * not given); a line in another language than the page says so (`lang`).
 */
export function PrivacyNote({ lang, className = "" }: { lang?: Lang | undefined; className?: string }) {
  const pageLang = useLang();
  const noteLang = lang ?? pageLang;
  const texts = dictionaryFor(noteLang).privacyNote;
  const [before = "", after = ""] = texts.text.split("{link}");
  return (
    <p
      className={`text-sm text-fg-muted ${className}`}
      lang={noteLang === pageLang ? undefined : htmlLang[noteLang]}
      data-testid="privacy-note"
    >
      {before}
      <Link to={localizePath(PRIVACY_PATH, noteLang)} className="font-medium text-accent underline underline-offset-2">
        {texts.link}
      </Link>
      {after}
    </p>
  );
}
