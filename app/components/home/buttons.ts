/** The home page's two button looks, shared by links and buttons alike. */
export const primaryButton =
  "inline-flex items-center justify-center gap-2 rounded-full bg-accent px-6 py-3 font-semibold text-accent-fg shadow-sm transition hover:-translate-y-0.5 hover:bg-accent-strong hover:shadow-md";

export const secondaryButton =
  "inline-flex items-center justify-center gap-2 rounded-full border border-line bg-bg px-6 py-3 font-semibold text-fg transition hover:-translate-y-0.5 hover:border-accent hover:text-accent";
