/**
 * The privacy page's text: what the site stores and why, written to match
 * what the code does (the contact form in `app/server/contact/`, the
 * newsletter in `app/server/newsletter/`, sign-in in `app/server/auth/`,
 * the page view counts in `app/server/analytics/`,
 * the preferences in `app/lib/preferences.ts`, the limits and the logs).
 * Change it with them.
 *
 * Inline marks: `[text](/path)` is a link (a path of this site, shown in the
 * page's language), `` `text` `` is code, and `{email}` is the owner's
 * address (`app/site.config.ts`) as a mail link.
 */
import type { Localized } from "./localized.ts";

export type PrivacyBlock = { paragraph: Localized } | { list: readonly Localized[] };

export interface PrivacySection {
  /** The section's anchor, the same in both languages. */
  id: string;
  title: Localized;
  blocks: readonly PrivacyBlock[];
}

export const privacy = {
  /** The day the text last changed, `YYYY-MM-DD`. */
  updated: "2026-11-27",
  updatedLabel: { pt: "Atualizada em {date}.", en: "Last updated {date}." },
  contentsLabel: { pt: "Nesta página", en: "On this page" },
  sections: [
    {
      id: "summary",
      title: { pt: "Em resumo", en: "In short" },
      blocks: [
        {
          list: [
            {
              pt: "Guardo só o que você mesmo envia: uma mensagem pelo formulário de contato ou, se assinar, seu e-mail na newsletter. Nada é vendido nem repassado a ninguém.",
              en: "I keep only what you send yourself: a message through the contact form or, if you subscribe, your e-mail address for the newsletter. Nothing is sold or passed on to anyone.",
            },
            {
              pt: "Não há cookies de análise, rastreadores, anúncios nem scripts de outros sites. As visitas são contadas pelo servidor, sem cookies e sem que ninguém possa ser reconhecido.",
              en: "There are no analytics cookies, trackers, ads or scripts from other sites. Page views are counted by the server, without cookies and without anyone being recognisable.",
            },
            {
              pt: "Quem responde pelos dados é Rafael Werneck; para qualquer pedido sobre eles, escreva para {email}.",
              en: "Rafael Werneck is responsible for the data; for any request about it, write to {email}.",
            },
          ],
        },
      ],
    },
    {
      id: "contact",
      title: { pt: "Formulário de contato", en: "Contact form" },
      blocks: [
        {
          paragraph: {
            pt: "Quando você envia uma mensagem pela página de [contato](/contact), o site guarda:",
            en: "When you send a message from the [contact](/contact) page, the site stores:",
          },
        },
        {
          list: [
            {
              pt: "o nome, o e-mail e a mensagem que você escreveu;",
              en: "the name, e-mail address and message you wrote;",
            },
            {
              pt: "o idioma da página e a data e a hora do envio;",
              en: "the language of the page and the date and time it was sent;",
            },
            {
              pt: "um hash SHA-256 do seu endereço IP, calculado com uma chave secreta do servidor, usado só para perceber uma enxurrada de mensagens vindas do mesmo lugar (no máximo 5 por hora) e um envio repetido. O endereço IP em si nunca é guardado.",
              en: "a SHA-256 hash of your IP address, keyed with a secret of the server, used only to spot a flood of messages from one place (at most 5 an hour) and a repeated send. The IP address itself is never stored.",
            },
          ],
        },
        {
          paragraph: {
            pt: "Para quê: para eu ler e responder. As mensagens ficam na área administrativa do site, aberta só aos autores autorizados, onde eu as leio e posso apagar cada uma; apago a sua se você pedir. Quando o site tem um servidor de e-mail configurado, a mensagem também é enviada ao meu e-mail. Ela fica guardada até ser apagada; as cópias de segurança do banco de dados (as 48 mais recentes) podem conter uma mensagem apagada até serem substituídas por cópias novas.",
            en: "What for: so that I can read it and reply. Messages are kept in the site's admin area, open only to the authorised authors, where I read them and can delete each one; I delete yours if you ask. When the site has a mail server configured, the message is also e-mailed to me. It stays stored until it is deleted; the database's backups (the newest 48) may hold a deleted message until newer backups replace them.",
          },
        },
        {
          paragraph: {
            pt: "O formulário grava no seu navegador o cookie `contact_started`, com a hora assinada em que ele apareceu (vale 24 horas): uma mensagem enviada menos de 3 segundos depois é de um robô e é recusada.",
            en: "The form sets the cookie `contact_started` in your browser, holding the signed time it was shown (valid for 24 hours): a message sent less than 3 seconds later comes from a robot and is refused.",
          },
        },
      ],
    },
    {
      id: "newsletter",
      title: { pt: "Newsletter", en: "Newsletter" },
      blocks: [
        {
          paragraph: {
            pt: "Se você assinar a newsletter, o site guarda:",
            en: "If you subscribe to the newsletter, the site stores:",
          },
        },
        {
          list: [
            { pt: "o seu e-mail;", en: "your e-mail address;" },
            {
              pt: "os idiomas que você escolheu e a frequência: a cada post novo ou um resumo semanal;",
              en: "the languages you chose and the frequency: each new post or a weekly digest;",
            },
            {
              pt: "a situação da assinatura: pendente (até você confirmar pelo e-mail de confirmação; sem confirmação, tudo é apagado em 8 dias), confirmada ou cancelada;",
              en: "the state of the subscription: pending (until you confirm it from the confirmation e-mail; unconfirmed, all of it is deleted after 8 days), confirmed or unsubscribed;",
            },
            {
              pt: "quando e em qual página você assinou e quando confirmou, que é o seu consentimento, e quais e-mails já lhe foram enviados.",
              en: "when and on which page you subscribed and when you confirmed, which is your consent, and which e-mails have been sent to you.",
            },
          ],
        },
        {
          paragraph: {
            pt: "O seu endereço IP nunca é guardado em claro. Para quê: só para enviar os posts que você pediu.",
            en: "Your IP address is never stored in clear. What for: only to send you the posts you asked for.",
          },
        },
        {
          paragraph: {
            pt: "Para sair, use o link de cancelamento com um clique no fim de cada e-mail, ou a página `/newsletter/unsubscribe` aberta pelo link de cada e-mail, onde também dá para mudar os idiomas e a frequência. Pela LGPD você pode pedir que o seu cadastro seja apagado: escreva para {email} e eu apago. Um endereço que o servidor de e-mail recusa de vez (um bounce permanente) deixa de receber e-mails.",
            en: "To leave, use the one-click unsubscribe link at the end of every e-mail, or the page `/newsletter/unsubscribe` opened from the link in each e-mail, where you can also change the languages and the frequency. Under Brazil's data protection law (LGPD) you may ask for your subscription to be erased: write to {email} and I will delete it. An address the mail server refuses for good (a permanent bounce) gets no more e-mails.",
          },
        },
      ],
    },
    {
      id: "sign-in",
      title: { pt: "Login", en: "Sign-in" },
      blocks: [
        {
          paragraph: {
            pt: "O login serve só aos autores do blog, com uma conta do GitHub; leitores não precisam de conta. De um autor autorizado o site guarda o que o GitHub informa: o número e o login da conta, o nome, o endereço da foto de perfil e o e-mail principal verificado. Uma conta que não é de autor é recusada e nada dela é guardado.",
            en: "Sign-in is only for the blog's authors, with a GitHub account; readers need no account. Of an authorised author the site keeps what GitHub provides: the account's number and login, the name, the address of the profile picture and the primary verified e-mail address. An account that is not an author's is refused and nothing of it is stored.",
          },
        },
        {
          paragraph: {
            pt: "A sessão é um cookie `HttpOnly` (`__Host-session` em HTTPS) com um código aleatório; o banco de dados guarda só o hash SHA-256 desse código. Ela dura 30 dias desde o último uso, e sair a apaga. Junto dela vão o cookie `signed_in`, que só diz às páginas para mostrar Admin e Sair, o cookie `github_oauth`, por 10 minutos durante o login, e o cookie `flash`, por um minuto, com o aviso de um login recusado ou de uma saída. A área administrativa guarda no navegador do autor uma cópia do post aberto até ele ser salvo.",
            en: "The session is an `HttpOnly` cookie (`__Host-session` over HTTPS) holding a random code; the database keeps only that code's SHA-256 hash. It lasts 30 days from its last use, and signing out deletes it. Alongside go the cookie `signed_in`, which only tells pages to show Admin and Sign out, the cookie `github_oauth`, for 10 minutes during sign-in, and the cookie `flash`, for one minute, with the notice of a refused sign-in or of signing out. The admin area keeps a copy of the open post in the author's browser until it is saved.",
          },
        },
      ],
    },
    {
      id: "preferences",
      title: { pt: "Preferências", en: "Preferences" },
      blocks: [
        {
          paragraph: {
            pt: "O tema (claro ou escuro) e o idioma que você escolhe ficam no armazenamento local do seu próprio navegador (`localStorage`, nas chaves `theme` e `language`) e não são enviados ao servidor. Para apagá-los, limpe os dados deste site no navegador.",
            en: "The theme (light or dark) and the language you choose are kept in your own browser's local storage (`localStorage`, under the keys `theme` and `language`) and are not sent to the server. To delete them, clear this site's data in your browser.",
          },
        },
      ],
    },
    {
      id: "page-views",
      title: { pt: "Contagem de visitas", en: "Page view counts" },
      blocks: [
        {
          paragraph: {
            pt: "O próprio servidor conta as visitas, sem cookies e sem nenhum script: por página, idioma, nome do site de onde você veio (ou o `utm_source` do link), tipo de aparelho (celular, tablet ou computador) e dia. Só esses totais ficam guardados.",
            en: "The server itself counts page views, without cookies and without any script: per page, language, the name of the site you came from (or the link's `utm_source`), device type (phone, tablet or desktop) and day. Only those totals are stored.",
          },
        },
        {
          list: [
            {
              pt: "Para contar um visitante uma vez por dia, o servidor guarda um hash de uma chave secreta que muda todo dia, do seu endereço IP e do nome do seu navegador. A chave é apagada 48 horas depois, com os hashes do dia: ninguém pode ser reconhecido de um dia para o outro nem rastreado de volta.",
              en: "To count a visitor once a day, the server keeps a hash of a secret key that changes every day, your IP address and your browser's name. The key is deleted 48 hours later, with that day's hashes: no one can be recognised from one day to the next or traced back.",
            },
            {
              pt: "Nem o endereço IP nem o user agent do navegador são guardados.",
              en: "Neither the IP address nor the browser's user agent is ever stored.",
            },
            {
              pt: "Um navegador que envia o sinal Global Privacy Control (`Sec-GPC`) conta como uma visita, sem nem esse hash.",
              en: "A browser that sends Global Privacy Control (`Sec-GPC`) is counted as a view, without even that hash.",
            },
            {
              pt: "Robôs e as visitas do próprio autor não são contados. O dono do site pode desligar a contagem (`ANALYTICS=off`).",
              en: "Bots and the author's own visits are not counted. The site's owner can turn counting off (`ANALYTICS=off`).",
            },
          ],
        },
      ],
    },
    {
      id: "third-parties",
      title: { pt: "Nada de terceiros", en: "No third parties" },
      blocks: [
        {
          paragraph: {
            pt: "Nenhum cookie de análise, nenhum rastreador e nenhum script, fonte ou imagem de outro site: tudo o que uma página carrega vem deste mesmo endereço, e a política de segurança de conteúdo (CSP) das páginas proíbe o resto. Os links para outros sites (GitHub, LinkedIn, WhatsApp…) abrem numa nova aba sem dizer de qual página você veio; lá valem as regras de cada um.",
            en: "No analytics cookies, no trackers and no scripts, fonts or images from other sites: everything a page loads comes from this same address, and the pages' Content Security Policy (CSP) forbids anything else. Links to other sites (GitHub, LinkedIn, WhatsApp…) open in a new tab without telling them which page you came from; their own rules apply there.",
          },
        },
      ],
    },
    {
      id: "limits-and-logs",
      title: { pt: "Limites e registros", en: "Limits and logs" },
      blocks: [
        {
          list: [
            {
              pt: "Para o site aguentar abusos, os pedidos que dão trabalho ao servidor (páginas geradas na hora, buscas, envio de imagens) são contados por endereço IP só na memória do servidor, e a contagem é esquecida poucos minutos depois.",
              en: "So that the site withstands abuse, requests that cost the server work (pages rendered on demand, searches, image uploads) are counted per IP address in the server's memory only, and the count is forgotten a few minutes later.",
            },
            {
              pt: "As tentativas de login são contadas por endereço IP em janelas de 15 minutos (com PostgreSQL, no banco de dados, de onde são apagadas quando a janela acaba); as mensagens de contato, pelo hash do IP, em janelas de uma hora.",
              en: "Sign-in attempts are counted per IP address in 15-minute windows (on PostgreSQL, in the database, from which they are deleted when the window ends); contact messages by the hash of the IP address, in one-hour windows.",
            },
            {
              pt: "Os registros do servidor do site anotam a hora, o tipo de página, a resposta e a duração de cada pedido, e eventos como um login ou um e-mail enviado; nunca o endereço IP, o e-mail ou cookies. Um e-mail ou IP que apareça numa mensagem de erro é mascarado antes de ser escrito.",
              en: "The site server's logs note the time, the kind of page, the response and the duration of each request, and events such as a sign-in or an e-mail sent; never the IP address, the e-mail address or cookies. An e-mail or IP address that shows up in an error message is masked before it is written.",
            },
            {
              pt: "O servidor web na frente do site (nginx) mantém um registro de acesso comum, com endereço IP, hora, página pedida, página de origem e navegador, usado só para diagnosticar falhas e abusos e apagado pela rotação de registros do servidor.",
              en: "The web server in front of the site (nginx) keeps an ordinary access log, with IP address, time, page asked for, referring page and browser, used only to diagnose failures and abuse and deleted by the server's log rotation.",
            },
          ],
        },
      ],
    },
    {
      id: "rights",
      title: { pt: "Seus direitos", en: "Your rights" },
      blocks: [
        {
          paragraph: {
            pt: "Pela Lei Geral de Proteção de Dados (LGPD) você pode saber se tenho dados seus, vê-los, corrigi-los, pedir que sejam apagados e retirar um consentimento dado. Escreva para {email}. Esta página muda quando o site muda; a data no topo diz quando.",
            en: "Under Brazil's General Data Protection Law (LGPD) you may ask whether I hold data about you, see it, correct it, have it deleted and withdraw a consent you gave. Write to {email}. This page changes when the site does; the date at the top says when.",
          },
        },
      ],
    },
  ],
} satisfies {
  updated: string;
  updatedLabel: Localized;
  contentsLabel: Localized;
  sections: readonly PrivacySection[];
};
