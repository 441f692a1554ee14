import { useT } from "~/i18n";
import type { PageKey } from "~/lib/seo.ts";
import { PageHeader } from "./PageHeader.tsx";

type StaticKey = Exclude<PageKey, "company" | "project" | "service" | "article">;

/** The heading and lead of a page whose texts come from the dictionary. */
export function StaticPageHeader({ page }: { page: StaticKey }) {
  const { t } = useT();
  return <PageHeader heading={t.pages[page].heading} lead={t.pages[page].description} />;
}
