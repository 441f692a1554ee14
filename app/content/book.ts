import { type Picture, picture } from "./images.ts";
import type { Localized } from "./localized.ts";

export interface Book {
  id: string;
  title: string;
  author: string;
  description: Localized;
  /** Whole stars, 1 to 5. */
  rating: 1 | 2 | 3 | 4 | 5;
  category: Localized;
  yearRead: string;
  image: Picture;
  purchaseLink: string;
  whyRecommend: Localized;
}

export const books = [
  {
    id: "clean-code",
    title: "Clean Code",
    author: "Robert C. Martin",
    description: {
      pt: "Um guia prático para escrever código legível e fácil de mudar: nomes, funções, comentários, tratamento de erros e testes, com muitos exemplos de antes e depois.",
      en: "A practical guide to writing code that is readable and easy to change: names, functions, comments, error handling and tests, with many before-and-after examples.",
    },
    rating: 5,
    category: { pt: "Engenharia de software", en: "Software engineering" },
    yearRead: "2020",
    image: picture("books/clean-code"),
    purchaseLink: "https://www.amazon.com.br/dp/8576082675",
    whyRecommend: {
      pt: "Mudou a forma como eu escrevo e reviso código. Não concordo com todas as regras, mas cada capítulo me fez pensar em quem vai ler o código depois de mim, e é esse hábito que eu recomendo.",
      en: "It changed how I write and review code. I don't agree with every rule, but each chapter made me think about who will read the code after me, and that habit is what I recommend.",
    },
  },
] satisfies readonly Book[];
