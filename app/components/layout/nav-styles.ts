/** Shared look of a header link or button; the active one is tinted with the accent. */
export function navLinkClass(active: boolean): string {
  return `inline-flex items-center gap-1 rounded-full px-2.5 py-2 text-sm font-medium transition ${
    active ? "bg-accent-soft text-accent-soft-fg" : "text-fg-muted hover:bg-surface-2 hover:text-fg"
  }`;
}
