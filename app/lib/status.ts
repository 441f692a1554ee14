/** Colour family of a project status badge. */
export type StatusTone = "success" | "info" | "neutral";

/**
 * Completed work is green, work in progress blue, anything else grey.
 * @example statusTone("in-progress") // "info"
 */
export function statusTone(status: string): StatusTone {
  if (status === "completed") return "success";
  if (status === "in-progress") return "info";
  return "neutral";
}

/** Whether a client project may be opened: only finished work is shown off. */
export function canViewClientProject(status: string): boolean {
  return status === "completed";
}
