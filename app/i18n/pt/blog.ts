/** Portuguese strings of the public blog: list, article pages and feeds. */
export const blog = {
  copy: "Copiar",
  scrollableTable: "Tabela com rolagem",
  copied: "Copiado!",
  taskDone: "Concluído",
  taskOpen: "Pendente",
  externalImage: "Imagem em outro site: {name}",
  copyFailed: "Não foi possível copiar",
  back: "Voltar para o blog",
  readingTime: "{minutes} min de leitura",
  publishedOn: "Publicado em {date}",
  updatedOn: "Atualizado em {date}",
  onlyInPortuguese: "Este post só está disponível em português.",
  onlyInEnglish: "Este post só está disponível em inglês.",
  browseBlog: "Ver os posts em português",
  tagLink: "Posts com a tag {tag}",
  tagCount: "{count} posts",
  tagCountOne: "1 post",
  morePosts: "Mais artigos",
  previous: "Artigo anterior",
  next: "Próximo artigo",
  moreTags: "+{count}",
  tagsLabel: "Tags",
  readArticle: "Ler artigo",
  /** A post moved to the trash: its address answers 410 Gone. */
  removed: {
    title: "Post removido",
    heading: "Este post foi removido",
    description: "O autor tirou este post do blog.",
  },
  /** A post seen before it is public: by its author, or through a shared link. */
  preview: {
    banner: "Pré-visualização: esta página não é pública",
    title: "Pré-visualização: {title}",
  },
  /** The blog's search: the box on the list and the results page. */
  search: {
    label: "Buscar no blog",
    submit: "Buscar",
    prompt: "Digite uma ou mais palavras para encontrar artigos do blog.",
    resultsOne: "1 resultado para “{query}”",
    results: "{count} resultados para “{query}”",
    showingFirst: "Mostrando os {count} mais relevantes.",
    noResults: "Nenhum artigo encontrado para “{query}”.",
    noResultsHint: "Tente outras palavras, menos palavras ou outra grafia.",
    tooLong: "Sua busca é longa demais: use no máximo {max} caracteres.",
    resultsLabel: "Resultados da busca",
  },
  feedDescription: "Artigos sobre desenvolvimento full-stack, bots, nuvem, automação e gestão de projetos.",
  subscribe: "Assinar o feed RSS",
  subscribeByMail: "Receber os posts por e-mail",
  /** The feed opened in a browser: the page its stylesheet (`/rss.xsl`) draws from the feed. */
  feedPage: {
    label: "Feed RSS",
    intro:
      "Esta página é um feed: o endereço que um leitor de feeds acompanha para mostrar cada post novo do blog assim que ele sai.",
    howTo:
      "Para assinar, copie o endereço abaixo e cole-o no seu leitor de feeds (Feedly, Inoreader, NetNewsWire ou Thunderbird, por exemplo).",
    address: "Endereço do feed",
    byMail: "Prefere receber por e-mail?",
    newsletter: "Assine a newsletter",
    posts: "Posts",
    visitBlog: "Ir para o blog",
  },
  /** Alternative text of a post's link-preview image. */
  ogImageAlt: "Capa do artigo: {title}",
};
