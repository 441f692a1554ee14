import { MessageCircle } from "~/components/icons";
import { useT } from "~/i18n";
import { site } from "~/site.config.ts";
import { ExternalLink } from "../ui/ExternalLink.tsx";
import { buttonPrimary } from "./styles.ts";

/** Opens the owner's chat in a new tab to ask for a quote. */
export function QuoteButton({ className = "" }: { className?: string }) {
  const { t } = useT();
  return (
    <ExternalLink href={site.quoteChatUrl} className={`${buttonPrimary} ${className}`} data-testid="request-quote">
      <MessageCircle className="size-4" aria-hidden="true" />
      {t.portfolio.common.requestQuote}
    </ExternalLink>
  );
}
