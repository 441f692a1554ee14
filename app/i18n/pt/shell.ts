/**
 * Portuguese strings every page needs: the header, footer, page titles, the
 * not-found and error pages, sign-in notices and the feed's name. The larger
 * areas (home, portfolio, contact, admin) are files of their own, so a browser
 * loads only what the page it shows uses.
 */
import { auth } from "./auth.ts";

export const shell = {
  meta: {
    siteName: "Rafael Werneck · Desenvolvedor Full-Stack",
    /** The blog feed's name, linked from every page's head. */
    feedTitle: "Blog de Rafael Werneck",
    titleSuffix: "Rafael Werneck",
  },
  a11y: {
    skipToContent: "Pular para o conteúdo",
    opensInNewTab: "(abre em nova aba)",
  },
  header: {
    home: "Início",
    about: "Sobre",
    career: "Carreira",
    services: "Serviços",
    discord: "Discord",
    blog: "Blog",
    contact: "Contato",
    portfolio: "Portfolio",
    projects: "Projetos",
    companies: "Empresas",
    certificates: "Certificados",
    recommendations: "Recomendações",
    course: "Faculdade",
    logoLabel: "Rafael Werneck, página inicial",
    mainNav: "Navegação principal",
    openMenu: "Abrir menu",
    closeMenu: "Fechar menu",
    login: "Login",
    admin: "Admin",
    logout: "Sair",
    themeToLight: "Usar tema claro",
    themeToDark: "Usar tema escuro",
    switchLanguage: "EN: read this page in English",
    switchLanguageToTranslation: "EN: read this post in English",
    switchLanguageNoTranslation: "EN: this post is only in Portuguese; go to the English blog",
    switchLanguageNoTag: "EN: no English posts have this tag; go to the English blog",
    switchLanguageShort: "EN",
  },
  footer: {
    tagline: "Desenvolvedor full-stack e fundador de estúdio em Recife, criando produtos web, mobile e bots.",
    navigation: "Navegação",
    social: "Redes sociais",
    contact: "Contato",
    favouriteSongs: "Músicas favoritas",
    newsletter: "Newsletter",
    copyright: "© {year} Rafael Werneck. Todos os direitos reservados.",
  },
  /** The line under every form that collects personal data; `{link}` is the link to the privacy page. */
  privacyNote: {
    text: "O que acontece com os seus dados: veja a {link}.",
    link: "política de privacidade",
  },
  notFound: {
    title: "Página não encontrada",
    description: "O endereço que você abriu não existe neste site.",
    heading: "Oops! Página não encontrada",
    returnHome: "Voltar para o início",
  },
  error: {
    title: "Algo deu errado",
    heading: "Algo deu errado",
    description: "Um erro inesperado aconteceu. Tente de novo em instantes.",
    returnHome: "Voltar para o início",
  },
  pages: {
    home: {
      title: "Rafael Werneck · Desenvolvedor Full-Stack em Recife",
      description:
        "Portfolio de Rafael Werneck, desenvolvedor full-stack e fundador de estúdio em Recife: projetos, empresas, serviços, blog e contato.",
      heading: "Rafael Werneck, desenvolvedor full-stack",
    },
    about: {
      title: "Sobre mim",
      description: "Quem é Rafael Werneck: perfil, experiência, formação, carreira, valores e hobbies.",
      heading: "Sobre mim",
    },
    career: {
      title: "Minha carreira",
      description: "A história da carreira de Rafael Werneck: linha do tempo, parcerias, valores e depoimentos.",
      heading: "Minha carreira",
    },
    companies: {
      title: "Empresas",
      description: "As empresas fundadas por Rafael Werneck: Cheetah Network e Werneck Group.",
      heading: "Minhas empresas",
    },
    company: {
      title: "{name}",
      description: "{name}: sobre a empresa, habilidades e redes.",
      heading: "{name}",
    },
    projects: {
      title: "Projetos",
      description: "Seis projetos entregues por Rafael Werneck: sites, plataformas e automações.",
      heading: "Projetos",
    },
    project: {
      title: "{name}",
      description: "{name}: desafio, solução, funcionalidades e resultados do projeto.",
      heading: "{name}",
    },
    services: {
      title: "Serviços",
      description:
        "Desenvolvimento web, mobile, bots, UI/UX, soluções em nuvem e consultoria, com prazos e preços de referência.",
      heading: "Serviços",
    },
    service: {
      title: "{name}",
      description: "{name}: requisitos, tecnologias, prazo e preço a partir de.",
      heading: "{name}",
    },
    certificates: {
      title: "Certificados",
      description: "Certificações e cursos concluídos por Rafael Werneck.",
      heading: "Certificados",
    },
    contact: {
      title: "Contato",
      description: "Fale com Rafael Werneck por e-mail, WhatsApp ou pelo formulário de contato.",
      heading: "Contato",
    },
    recommendations: {
      title: "Recomendações",
      description: "O livro que Rafael Werneck recomenda para quem desenvolve software.",
      heading: "Recomendações",
    },
    course: {
      title: "Faculdade",
      description: "A graduação em andamento de Rafael Werneck: matérias, projetos e metas.",
      heading: "Faculdade",
    },
    discord: {
      title: "Comunidade no Discord",
      description: "Entre na comunidade do Discord: mais de 150 mil membros, suporte e networking.",
      heading: "Comunidade no Discord",
    },
    privacy: {
      title: "Privacidade",
      description:
        "O que este site conta e guarda, para quê, por quanto tempo e como pedir que seja apagado: visitas, contato, newsletter, login e preferências.",
      heading: "Privacidade",
    },
    blog: {
      title: "Blog",
      description: "Artigos sobre desenvolvimento full-stack, bots, nuvem, automação e gestão de projetos.",
      heading: "Blog",
    },
    blogTag: {
      title: "Posts com a tag #{name}",
      description: "Artigos do blog de Rafael Werneck sobre {name}.",
      heading: "#{name}",
    },
    blogSearch: {
      title: "Busca no blog",
      description: "Encontre artigos do blog de Rafael Werneck por palavra, tema ou tecnologia.",
      heading: "Busca no blog",
    },
    article: {
      title: "{name}",
      description: "{name}",
      heading: "{name}",
    },
    adminBlog: {
      title: "Gerenciar posts",
      description: "Área do autor para gerenciar os posts do blog.",
      heading: "Gerenciar posts",
    },
    adminMessages: {
      title: "Mensagens do contato",
      description: "Mensagens recebidas pelo formulário de contato.",
      heading: "Mensagens",
    },
  },
  auth,
};
