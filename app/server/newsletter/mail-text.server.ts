/**
 * The words of newsletter mails, in both languages. Server-only: a browser
 * never renders a mail, so these stay out of the page dictionaries.
 */
import type { Lang } from "../../i18n/paths.ts";

export interface MailTexts {
  listName: string;
  confirm: {
    subject: string;
    preheader: string;
    heading: string;
    body: string;
    button: string;
    ignore: string;
    /** The footer's line: what happens if the reader confirms, and what if they did not ask. */
    why: string;
    /** The footer's way out before confirming: the unsubscribe page, which cancels the pending request. */
    cancel: string;
  };
  post: { preheader: string; read: string };
  digest: { subject: string; heading: string; intro: string; read: string };
  footer: {
    why: string;
    unsubscribe: string;
    preferences: string;
    privacy: string;
  };
}

export const mailTexts: Record<Lang, MailTexts> = {
  pt: {
    listName: "Blog de {name}",
    confirm: {
      subject: "Confirme sua inscrição na newsletter",
      preheader: "Um clique para receber os novos posts.",
      heading: "Confirme sua inscrição",
      body: "Alguém (esperamos que você) pediu para receber os posts do blog de {name} neste endereço. Abra o link abaixo e pressione o botão da página para confirmar. O link vale por 7 dias.",
      button: "Confirmar inscrição",
      ignore: "Se não foi você, ignore este e-mail: sem a confirmação, nada mais chega a este endereço.",
      why: "Você receberá os novos posts do blog de {name} neste endereço se confirmar a inscrição; se não pediu, ignore este e-mail.",
      cancel: "Cancelar o pedido de inscrição",
    },
    post: { preheader: "Novo post no blog de {name}", read: "Ler o post" },
    digest: {
      subject: "Os posts da semana no blog de {name}",
      heading: "Os posts da semana",
      intro: "Publicado no blog de {name} nos últimos 7 dias:",
      read: "Ler",
    },
    footer: {
      why: "Você recebe este e-mail porque se inscreveu na newsletter do blog de {name}.",
      unsubscribe: "Cancelar inscrição",
      preferences: "Mudar idioma ou frequência",
      privacy: "Privacidade",
    },
  },
  en: {
    listName: "{name}'s blog",
    confirm: {
      subject: "Confirm your newsletter subscription",
      preheader: "One click to receive new posts.",
      heading: "Confirm your subscription",
      body: "Someone (hopefully you) asked to receive the posts of {name}'s blog at this address. Open the link below and press the page's button to confirm. The link works for 7 days.",
      button: "Confirm subscription",
      ignore: "If it was not you, ignore this e-mail: without confirmation, nothing more comes to this address.",
      why: "You will receive the new posts of {name}'s blog at this address if you confirm the subscription; if you did not ask for it, ignore this e-mail.",
      cancel: "Cancel the subscription request",
    },
    post: { preheader: "New post on {name}'s blog", read: "Read the post" },
    digest: {
      subject: "This week's posts on {name}'s blog",
      heading: "This week's posts",
      intro: "Published on {name}'s blog in the last 7 days:",
      read: "Read",
    },
    footer: {
      why: "You receive this e-mail because you subscribed to the newsletter of {name}'s blog.",
      unsubscribe: "Unsubscribe",
      preferences: "Change language or frequency",
      privacy: "Privacy",
    },
  },
};
