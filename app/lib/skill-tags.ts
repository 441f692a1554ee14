/** The longest a skill tag may be on a home company card before it is cut. */
export const SKILL_TAG_MAX_LENGTH = 20;
/** How many skill tags a home company card shows before '+N more'. */
export const SKILL_TAGS_SHOWN = 3;

export interface SkillTags {
  /** The first skills, each cut to the maximum length. */
  shown: string[];
  /** How many skills were left out (shown as '+N mais' / '+N more'); 0 when none. */
  more: number;
}

/**
 * The skill tags of a company card: the first three, each truncated to 20
 * characters (an ellipsis marks a cut), and how many more there are.
 * @example skillTags(["React", "Node.js", "Cloud infrastructure design", "Bots"]) // { shown: ["React", "Node.js", "Cloud infrastructur…"], more: 1 }
 */
export function skillTags(
  skills: readonly string[],
  shownCount: number = SKILL_TAGS_SHOWN,
  maxLength: number = SKILL_TAG_MAX_LENGTH,
): SkillTags {
  return {
    shown: skills.slice(0, shownCount).map((skill) => truncate(skill.trim(), maxLength)),
    more: Math.max(0, skills.length - shownCount),
  };
}

function truncate(text: string, maxLength: number): string {
  const characters = Array.from(text);
  if (characters.length <= maxLength) return text;
  return `${characters
    .slice(0, maxLength - 1)
    .join("")
    .trimEnd()}…`;
}
