import type { ReactNode } from "react";

/**
 * Server-rendered markup that needs no JavaScript once it is on screen.
 *
 * - On the server it renders `children`.
 * - In the browser, hydrating a page the server rendered, it is given no
 *   children: React adopts the server's DOM inside it as it is, without
 *   rendering or checking it, so the code and text that produced it are not
 *   shipped with the page.
 * - In the browser after a client-side navigation, the route loads the
 *   section's code on demand and passes it as `children`, rendered as usual.
 *
 * Links inside adopted markup are plain links: they load the next page.
 */
export function StaticIsland({ name, children }: { name: string; children?: ReactNode }) {
  if (children === undefined) {
    return (
      // biome-ignore lint/security/noDangerouslySetInnerHtml: empty and constant, so React never writes this element's content
      <div data-island={name} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: "" }} />
    );
  }
  return <div data-island={name}>{children}</div>;
}
