/**
 * Portuguese strings of the "too many requests" answer (429). Only the server
 * sends them, as a page of its own, so they stay out of the dictionaries the
 * browser loads; the English module is typed against this one.
 */
export const limits = {
  title: "Muitas solicitações",
  heading: "Muitas solicitações em pouco tempo",
  description: "Você fez muitas solicitações em pouco tempo. Tente de novo em {seconds} s.",
  returnHome: "Voltar para o início",
};

/** The shape every language's limit strings have. */
export type LimitStrings = { [K in keyof typeof limits]: string };
