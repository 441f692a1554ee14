/** The community page's content in one language, as its loader sends it. */
import type { Lang } from "~/i18n/paths.ts";
import { community } from "../community.ts";
import type { IconName } from "../icons.ts";
import { tr } from "../localized.ts";

export interface CommunityPageData {
  name: string;
  members: string;
  description: string;
  reasons: readonly { icon: IconName; title: string; description: string }[];
}

export function communityPage(lang: Lang): CommunityPageData {
  return {
    name: community.name,
    members: community.members,
    description: tr(community.description, lang),
    reasons: community.reasons.map((reason) => ({
      icon: reason.icon,
      title: tr(reason.title, lang),
      description: tr(reason.description, lang),
    })),
  };
}
