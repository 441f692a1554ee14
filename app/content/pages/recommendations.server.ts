/** The book recommendations in one language, as the page's loader sends them. */
import type { Lang } from "~/i18n/paths.ts";
import { type Book, books } from "../book.ts";
import type { Picture } from "../images.ts";
import { tr } from "../localized.ts";

export interface BookCardData {
  id: string;
  title: string;
  author: string;
  rating: Book["rating"];
  category: string;
  yearRead: string;
  description: string;
  whyRecommend: string;
  image: Picture;
  purchaseLink: string;
}

export function recommendationsPage(lang: Lang): { books: readonly BookCardData[] } {
  return {
    books: books.map((book) => ({
      id: book.id,
      title: book.title,
      author: book.author,
      rating: book.rating,
      category: tr(book.category, lang),
      yearRead: book.yearRead,
      description: tr(book.description, lang),
      whyRecommend: tr(book.whyRecommend, lang),
      image: book.image,
      purchaseLink: book.purchaseLink,
    })),
  };
}
