/**
 * Whether a project has a public address worth a 'Visit Project' button; "#"
 * marks one that is not online yet.
 * @example hasVisitLink("#") // false
 */
export function hasVisitLink(link: string | null | undefined): link is string {
  const trimmed = link?.trim() ?? "";
  return trimmed !== "" && trimmed !== "#";
}
