/** The certificates page's content in one language, as its loader sends it. */
import type { Lang } from "~/i18n/paths.ts";
import { certificates } from "../certificates.ts";
import type { Picture } from "../images.ts";
import { tr } from "../localized.ts";

export interface CertificateCardData {
  id: string;
  title: string;
  issuer: string;
  date: string;
  description: string;
  link: string;
  image: Picture;
}

export function certificatesPage(lang: Lang): { certificates: readonly CertificateCardData[] } {
  return {
    certificates: certificates.map((certificate) => ({
      id: certificate.id,
      title: tr(certificate.title, lang),
      issuer: certificate.issuer,
      date: tr(certificate.date, lang),
      description: tr(certificate.description, lang),
      link: certificate.link,
      image: certificate.image,
    })),
  };
}
