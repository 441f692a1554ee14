import { Fragment, type ReactNode } from "react";
import { card } from "~/components/portfolio/styles.ts";
import { LocalLink } from "~/components/ui/LocalLink.tsx";
import { PageHeader } from "~/components/ui/PageHeader.tsx";
import { type PrivacyBlockData, privacyPage } from "~/content/pages/privacy.server.ts";
import { useT } from "~/i18n";
import { keepDataOnSamePath } from "~/lib/page-data.ts";
import { requestLang } from "~/lib/request-lang.ts";
import { pageSeo } from "~/lib/seo.ts";
import { site } from "~/site.config.ts";
import type { Route } from "./+types/privacy";

// Runs at build time for each language; the page receives its own language's text as data.
export function loader({ request }: Route.LoaderArgs) {
  return privacyPage(requestLang(request));
}

export const shouldRevalidate = keepDataOnSamePath;

export const meta: Route.MetaFunction = ({ location }) => pageSeo("privacy", location.pathname);

export default function PrivacyPage({ loaderData: page }: Route.ComponentProps) {
  const { t } = useT();
  return (
    <>
      <PageHeader heading={t.pages.privacy.heading} lead={t.pages.privacy.description}>
        <p className="mt-4 text-sm text-fg-muted">{page.updated}</p>
      </PageHeader>
      <div className="container-page py-12 sm:py-16">
        <div className="max-w-3xl">
          <nav aria-labelledby="privacy-contents-title" className={`${card} p-5 sm:p-6`}>
            <h2 id="privacy-contents-title" className="text-sm font-semibold">
              {page.contentsLabel}
            </h2>
            <ol className="mt-3 space-y-2 text-sm sm:columns-2 sm:gap-x-6">
              {page.sections.map((section) => (
                <li key={section.id} className="break-inside-avoid">
                  <a href={`#${section.id}`} className="text-fg-muted hover:text-accent">
                    {section.title}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
          <div className="article-body mt-2" data-testid="privacy-text">
            {page.sections.map((section) => (
              <Fragment key={section.id}>
                <h2 id={section.id} className="scroll-mt-24">
                  {section.title}
                </h2>
                {section.blocks.map((block, index) => (
                  // The blocks of a section are fixed text: their order is their identity.
                  // biome-ignore lint/suspicious/noArrayIndexKey: see above
                  <Block key={index} block={block} />
                ))}
              </Fragment>
            ))}
          </div>
        </div>
      </div>
    </>
  );
}

function Block({ block }: { block: PrivacyBlockData }) {
  if ("paragraph" in block) {
    return (
      <p>
        <Inline text={block.paragraph} />
      </p>
    );
  }
  return (
    <ul>
      {block.list.map((item) => (
        <li key={item}>
          <Inline text={item} />
        </li>
      ))}
    </ul>
  );
}

/** `[text](/path)`, `` `code` `` and `{email}` in a text of `app/content/privacy.ts`. */
const INLINE_MARK = /\[([^\]]+)\]\((\/[^)\s]*)\)|`([^`]+)`|\{email\}/g;

function Inline({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE_MARK)) {
    const [whole, linkText, path, code] = match;
    parts.push(text.slice(last, match.index));
    if (linkText && path) {
      parts.push(
        <LocalLink key={match.index} to={path}>
          {linkText}
        </LocalLink>,
      );
    } else if (code) {
      parts.push(<code key={match.index}>{code}</code>);
    } else {
      parts.push(
        <a key={match.index} href={`mailto:${site.email}`}>
          {site.email}
        </a>,
      );
    }
    last = match.index + whole.length;
  }
  parts.push(text.slice(last));
  return parts;
}
