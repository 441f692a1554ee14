import type { AnchorHTMLAttributes, ReactNode } from "react";
import { useT } from "~/i18n";

interface ExternalLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "target" | "rel"> {
  href: string;
  children: ReactNode;
}

/** A link to another site: new tab, no opener, and said so to screen readers. */
export function ExternalLink({ children, ...props }: ExternalLinkProps) {
  const { t } = useT();
  return (
    <a {...props} target="_blank" rel="noopener noreferrer">
      {children}
      {/* One text node: a space and the words as two would be split by a marker in the HTML. */}
      <span className="sr-only">{` ${t.a11y.opensInNewTab}`}</span>
    </a>
  );
}
