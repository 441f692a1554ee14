/** Shared looks of the portfolio pages, so every card and button matches. */
export const card = "rounded-card border border-line bg-surface";
export const cardHover =
  "transition duration-300 hover:-translate-y-1 hover:border-accent/50 hover:shadow-xl hover:shadow-accent/5";
export const buttonPrimary =
  "inline-flex items-center justify-center gap-2 rounded-full bg-accent px-5 py-2.5 text-sm font-semibold text-accent-fg shadow-sm transition hover:bg-accent-strong";
export const buttonSecondary =
  "inline-flex items-center justify-center gap-2 rounded-full border border-line bg-bg px-5 py-2.5 text-sm font-semibold text-fg transition hover:border-accent hover:text-accent";
export const eyebrow = "text-xs font-semibold uppercase tracking-[0.18em] text-accent";
export const tag =
  "inline-flex items-center rounded-full border border-line bg-bg px-2.5 py-1 text-xs font-medium text-fg-muted";
