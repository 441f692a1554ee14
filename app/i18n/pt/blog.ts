/** Portuguese strings of the public blog: list, article pages and feeds. */
export const blog = {
  copy: "Copiar",
  copied: "Copiado!",
  taskDone: "Concluído",
  taskOpen: "Pendente",
  copyFailed: "Não foi possível copiar",
  back: "Voltar para o blog",
  readingTime: "{minutes} min de leitura",
  publishedOn: "Publicado em {date}",
  morePosts: "Mais artigos",
  previous: "Artigo anterior",
  next: "Próximo artigo",
  moreTags: "+{count}",
  tagsLabel: "Tags",
  readArticle: "Ler artigo",
  feedTitle: "Blog de Rafael Werneck",
  feedDescription: "Artigos sobre desenvolvimento full-stack, bots, nuvem, automação e gestão de projetos.",
  subscribe: "Assinar o feed RSS",
  /** Alternative text of a post's link-preview image. */
  ogImageAlt: "Capa do artigo: {title}",
};
