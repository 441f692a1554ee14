/**
 * Portuguese words of the blog's fediverse account (its name and
 * description, as Mastodon shows them) and of the mail that tells the author
 * responses wait. Only the server sends them, so they stay out of the
 * dictionaries the browser loads; the English module is typed against this one.
 */
export const fediverse = {
  actorName: "{name} · Blog",
  actorSummary:
    "Os posts em português do blog de {name}: desenvolvimento full-stack, produtos e comunidade, de Recife. " +
    "Respostas aparecem abaixo do post depois que o autor as aprova.",
  translationLink: "Em inglês: {title}",
  mailSubject: "{count} respostas esperando moderação",
  mailSubjectOne: "1 resposta esperando moderação",
  mailIntro: "Chegaram respostas aos seus posts. Elas só aparecem no site depois que você as aprova:",
  mailKinds: "{kind} de {author} em “{post}”",
  mailLink: "Moderar: {url}",
  kindReply: "Resposta",
  kindLike: "Curtida",
  kindAnnounce: "Compartilhamento",
  kindWebmention: "Menção",
};

/** The shape every language's words have. */
export type FediverseStrings = { [K in keyof typeof fediverse]: string };
