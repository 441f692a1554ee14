import { Link, useLocation } from "react-router";
import { htmlLang, type Lang, loadStringsFor, switchLangPath, useT } from "~/i18n";

/** Remembers the language choice for the head script's redirect on later visits. */
export function rememberLanguage(lang: Lang) {
  try {
    localStorage.setItem("language", lang);
  } catch {
    // Without storage the link still switches the page; only the memory is lost.
  }
}

/** Goes to the same page in the other language and remembers the choice. */
export function LanguageToggle({ className = "" }: { className?: string }) {
  const { lang, t } = useT();
  const location = useLocation();
  const other: Lang = lang === "pt" ? "en" : "pt";
  const target = switchLangPath(location.pathname, other);
  const to = target + location.search + location.hash;
  const preload = () => void loadStringsFor(target).catch(() => undefined);
  return (
    <Link
      to={to}
      hrefLang={htmlLang[other]}
      lang={htmlLang[other]}
      // The other language's strings load as the pointer or focus arrives, before the click.
      onPointerEnter={preload}
      onFocus={preload}
      onClick={() => rememberLanguage(other)}
      aria-label={t.header.switchLanguage}
      className={`inline-flex h-10 min-w-10 items-center justify-center rounded-full px-2 text-sm font-semibold text-fg-muted transition hover:bg-surface-2 hover:text-fg ${className}`}
      data-testid="language-toggle"
    >
      {t.header.switchLanguageShort}
    </Link>
  );
}
