import { Link, useLocation, useMatches } from "react-router";
import { htmlLang, type Lang, loadStringsFor, switchLangPath, useT } from "~/i18n";

/**
 * Where a page's language toggle leads when it is not the same path under
 * the other prefix: a blog post's translation (its own slug), or, for a post
 * written in one language only, the other language's blog. A route's loader
 * returns it as `languageSwitch`.
 */
export interface LanguageSwitch {
  path: string;
  kind: "translation" | "no-translation" | "no-tag";
}

function routeLanguageSwitch(matches: ReturnType<typeof useMatches>): LanguageSwitch | undefined {
  for (const match of [...matches].reverse()) {
    const data = match.loaderData as { languageSwitch?: LanguageSwitch } | null | undefined;
    if (data && typeof data === "object" && data.languageSwitch) return data.languageSwitch;
  }
  return undefined;
}

/**
 * Goes to the same page in the other language; the page script remembers the
 * choice (`data-remember-language`, `app/first-paint/page-script/language.ts`).
 */
export function LanguageToggle({ className = "" }: { className?: string }) {
  const { lang, t } = useT();
  const location = useLocation();
  const languageSwitch = routeLanguageSwitch(useMatches());
  const other: Lang = lang === "pt" ? "en" : "pt";
  const target = languageSwitch?.path ?? switchLangPath(location.pathname, other);
  const to = languageSwitch ? target : target + location.search + location.hash;
  const label = languageSwitch
    ? {
        translation: t.header.switchLanguageToTranslation,
        "no-translation": t.header.switchLanguageNoTranslation,
        "no-tag": t.header.switchLanguageNoTag,
      }[languageSwitch.kind]
    : t.header.switchLanguage;
  const preload = () => void loadStringsFor(target).catch(() => undefined);
  return (
    <Link
      to={to}
      hrefLang={htmlLang[other]}
      lang={htmlLang[other]}
      // The other language's strings load as the pointer or focus arrives, before the click.
      onPointerEnter={preload}
      onFocus={preload}
      data-remember-language={other}
      aria-label={label}
      // Says where it leads before the click, also to a pointer.
      {...(languageSwitch && languageSwitch.kind !== "translation" ? { title: label } : {})}
      className={`inline-flex h-10 min-w-10 items-center justify-center rounded-full px-2 text-sm font-semibold text-fg-muted transition hover:bg-surface-2 hover:text-fg ${className}`}
      data-testid="language-toggle"
    >
      {t.header.switchLanguageShort}
    </Link>
  );
}
