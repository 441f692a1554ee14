/** The privacy page's text in one language, as its loader sends it. */
import type { Lang } from "~/i18n/paths.ts";
import { formatDate } from "~/lib/dates.ts";
import { tr } from "../localized.ts";
import { privacy } from "../privacy.ts";

/** A paragraph or a list, its texts with the inline marks of `app/content/privacy.ts`. */
export type PrivacyBlockData = { paragraph: string } | { list: readonly string[] };

export interface PrivacyPageData {
  updated: string;
  contentsLabel: string;
  sections: readonly { id: string; title: string; blocks: readonly PrivacyBlockData[] }[];
}

export function privacyPage(lang: Lang): PrivacyPageData {
  return {
    updated: tr(privacy.updatedLabel, lang).replace("{date}", formatDate(privacy.updated, lang)),
    contentsLabel: tr(privacy.contentsLabel, lang),
    sections: privacy.sections.map((section) => ({
      id: section.id,
      title: tr(section.title, lang),
      blocks: section.blocks.map((block) =>
        "paragraph" in block
          ? { paragraph: tr(block.paragraph, lang) }
          : { list: block.list.map((item) => tr(item, lang)) },
      ),
    })),
  };
}
