import { type Lang, useT } from "~/i18n";
import { siteUrl } from "~/site.config.ts";

/** The blog's fediverse account of each language (app/server/fediverse/handles.server.ts names them). */
const IDENTIFIERS: Record<Lang, string> = { pt: "blog", en: "blog.en" };

/**
 * Where a reader looks for a way to follow: both of the blog's fediverse
 * accounts, each a link to its actor with `rel="me"`, its handle selected
 * whole by one click (copyable without a script). Kept to a line: it sits
 * on pages whose first window is nearly full.
 * @example <FediverseHandles className="mt-8" />
 */
export function FediverseHandles({ className = "" }: { className?: string }) {
  const { t } = useT();
  const origin = siteUrl();
  const host = new URL(origin).host;
  return (
    <p className={`text-sm text-fg-muted ${className}`} data-testid="fediverse-handles">
      {t.newsletter.fediverse.follow}{" "}
      {(["pt", "en"] as const).map((lang, index) => (
        <span key={lang}>
          {index > 0 && " · "}
          <a rel="me" href={`${origin}/fediverse/${IDENTIFIERS[lang]}`} className="select-all font-mono text-accent">
            {`@${IDENTIFIERS[lang]}@${host}`}
          </a>{" "}
          ({t.newsletter.fediverse.handles[lang]})
        </span>
      ))}
    </p>
  );
}

/** The account `fediverse:creator` names on a post's page: its language's. */
export function fediverseCreator(lang: Lang): string {
  return `@${IDENTIFIERS[lang]}@${new URL(siteUrl()).host}`;
}
