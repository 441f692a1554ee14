/**
 * Portuguese answers of the webmention endpoint (`POST /webmention`). Only
 * the server sends them, as plain text to the site that sent the mention,
 * so they stay out of the dictionaries the browser loads; the English
 * module is typed against this one.
 */
export const webmention = {
  accepted: "Menção recebida. Ela será verificada e, se o autor aprovar, mostrada abaixo do post.",
  unreadable:
    "Não foi possível ler o pedido: envie source e target como formulário (application/x-www-form-urlencoded).",
  missing: "Faltam campos: envie source e target.",
  tooLong: "O endereço em {field} é longo demais (no máximo {max} caracteres).",
  notUrl: "{field} não é um endereço http ou https.",
  same: "source e target são o mesmo endereço.",
  notPost: "target não é um post publicado deste site.",
  blocked: "Menções deste site não são aceitas.",
  tooMany: "Menções demais de {host} em pouco tempo. Tente de novo em {seconds} s.",
  onlyPost: "Este endereço recebe webmentions: envie um POST com source e target.",
};

/** The shape every language's endpoint answers have. */
export type WebmentionStrings = { [K in keyof typeof webmention]: string };
