/**
 * The privacy page's text, written for a reader in plain words: what the
 * site counts and keeps, and why. It says what the code does (the contact
 * form in `app/server/contact/`, the newsletter in `app/server/newsletter/`,
 * sign-in in `app/server/auth/`, the page view counts in
 * `app/server/analytics/`, the preferences in `app/lib/preferences.ts`, the
 * limits and the logs); change it with them. How those work, in an
 * operator's words, is in `docs/deploying.md`.
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
  updated: "2026-11-29",
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
              pt: "Guardo só o que você mesmo me envia: uma mensagem pelo formulário de contato ou, se assinar a newsletter, o seu e-mail. Nada é vendido nem repassado a ninguém.",
              en: "I keep only what you send me yourself: a message from the contact form or, if you subscribe to the newsletter, your e-mail address. Nothing is sold or passed on to anyone.",
            },
            {
              pt: "O site conta quantas vezes cada página é lida, sem cookies e sem saber quem você é. O seu endereço IP e os dados do seu navegador não são guardados, e nada segue você de uma página para outra nem de um dia para o outro.",
              en: "The site counts how often each page is read, without cookies and without knowing who you are. Your IP address and your browser's details are not kept, and nothing follows you from page to page or from one day to the next.",
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
      id: "page-views",
      title: { pt: "O que é contado", en: "What is counted" },
      blocks: [
        {
          paragraph: {
            pt: "Para saber o que as pessoas leem, o site anota de cada visita só a página, o idioma, o site de onde você veio (se veio de algum), se o aparelho é um celular, um tablet ou um computador, e o dia. Ficam guardados apenas os totais.",
            en: "To learn what people read, the site notes of each visit only the page, its language, the site you came from (if any), whether you use a phone, a tablet or a computer, and the day. Only the totals are kept.",
          },
        },
        {
          list: [
            {
              pt: "Para contar cada pessoa uma vez por dia, e não uma vez por página, o site mistura o endereço da sua conexão e o nome do seu navegador com um código secreto que muda todo dia, e guarda só o resultado. O código do dia é jogado fora dois dias depois: ninguém, nem eu, consegue saber quem você é ou reconhecer você no dia seguinte.",
              en: "To count each person once a day rather than once a page, the site mixes your connection's address and your browser's name with a secret code that changes every day, and keeps only the result. The day's code is thrown away two days later: no one, me included, can tell who you are or recognise you the next day.",
            },
            {
              pt: "Se o seu navegador envia o sinal Global Privacy Control (o pedido de não ser rastreado), ele é respeitado: a visita conta só como uma página lida, sem nem essa mistura.",
              en: "If your browser sends the Global Privacy Control signal (the request not to be tracked), it is honoured: the visit counts only as a page read, without even that mix.",
            },
            {
              pt: "Robôs e os autores do blog não são contados.",
              en: "Robots and the blog's authors are not counted.",
            },
          ],
        },
      ],
    },
    {
      id: "third-parties",
      title: { pt: "O que o site não faz", en: "What the site does not do" },
      blocks: [
        {
          paragraph: {
            pt: "Não há anúncios, rastreadores nem cookies de análise, e nada vem de outros sites: nenhum script, fonte ou imagem. Os links para outros sites (GitHub, LinkedIn, WhatsApp…) abrem numa nova aba sem contar de qual página você veio; lá valem as regras de cada um.",
            en: "There are no ads, no trackers and no analytics cookies, and nothing comes from other sites: no scripts, fonts or images. Links to other sites (GitHub, LinkedIn, WhatsApp…) open in a new tab without telling them which page you came from; their own rules apply there.",
          },
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
            en: "When you send a message from the [contact](/contact) page, the site keeps:",
          },
        },
        {
          list: [
            {
              pt: "o nome, o e-mail e a mensagem que você escreveu;",
              en: "the name, e-mail address and message you wrote;",
            },
            {
              pt: "o idioma da página e quando você enviou;",
              en: "the language of the page and when you sent it;",
            },
            {
              pt: "um código embaralhado feito a partir do seu endereço IP, nunca o endereço em si, só para barrar uma enxurrada de mensagens de um mesmo lugar (no máximo 5 por hora) e o envio repetido da mesma mensagem.",
              en: "a scrambled code made from your IP address, never the address itself, only to stop a flood of messages from one place (at most 5 an hour) and the same message sent twice.",
            },
          ],
        },
        {
          paragraph: {
            pt: "Para quê: para eu ler e responder. Só os autores do site veem as mensagens, que também podem chegar ao meu e-mail; apago a sua quando você pedir. Depois de apagada, ela ainda pode ficar nas cópias de segurança do site até que cópias novas as substituam.",
            en: "What for: so that I can read it and reply. Only the site's authors see messages, which may also reach my e-mail; I delete yours whenever you ask. Once deleted, it may stay in the site's backup copies until newer copies replace them.",
          },
        },
        {
          paragraph: {
            pt: "Quando o formulário aparece, o cookie `contact_started` lembra a hora (por 24 horas): uma mensagem enviada menos de 3 segundos depois é de um robô e é recusada.",
            en: "When the form is shown, the cookie `contact_started` remembers the time (for 24 hours): a message sent less than 3 seconds later comes from a robot and is refused.",
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
            en: "If you subscribe to the newsletter, the site keeps:",
          },
        },
        {
          list: [
            { pt: "o seu e-mail;", en: "your e-mail address;" },
            {
              pt: "os idiomas e a frequência que você escolheu: a cada post novo ou um resumo por semana;",
              en: "the languages and the frequency you chose: each new post or a weekly digest;",
            },
            {
              pt: "se a assinatura espera confirmação (sem ela, tudo é apagado em 8 dias), está confirmada ou foi cancelada;",
              en: "whether the subscription awaits confirmation (unconfirmed, all of it is deleted after 8 days), is confirmed or was cancelled;",
            },
            {
              pt: "quando e em qual página você assinou e quando confirmou, que é o seu consentimento, e quais e-mails já lhe foram enviados.",
              en: "when and on which page you subscribed and when you confirmed, which is your consent, and which e-mails have been sent to you.",
            },
          ],
        },
        {
          paragraph: {
            pt: "Para quê: só para enviar os posts que você pediu. O seu endereço IP não é guardado.",
            en: "What for: only to send you the posts you asked for. Your IP address is not kept.",
          },
        },
        {
          paragraph: {
            pt: "Para sair, use o link de cancelamento no fim de qualquer e-mail: um clique basta, e a mesma página deixa mudar os idiomas e a frequência. Para que o seu cadastro seja apagado, escreva para {email}. Um endereço cujo servidor de e-mail recusa de vez as mensagens deixa de recebê-las.",
            en: "To leave, use the unsubscribe link at the end of any e-mail: one click is enough, and the same page lets you change the languages and the frequency. To have your subscription erased, write to {email}. An address whose mail server refuses the e-mails for good stops getting them.",
          },
        },
      ],
    },
    {
      id: "fediverse",
      title: { pt: "Fediverso (Mastodon e outros)", en: "The fediverse (Mastodon and others)" },
      blocks: [
        {
          paragraph: {
            pt: "O blog pode ser seguido do fediverso: `@blog` (posts em português) e `@blog.en` (posts em inglês) neste domínio. Se você seguir uma dessas contas, ou responder, curtir ou compartilhar um post, o site guarda:",
            en: "The blog can be followed from the fediverse: `@blog` (posts in Portuguese) and `@blog.en` (posts in English) on this domain. If you follow one of those accounts, or reply to, like or boost a post, the site keeps:",
          },
        },
        {
          list: [
            {
              pt: "de quem segue: o endereço público da sua conta, o seu @, o seu nome de exibição, a sua instância e para onde entregar os posts, só para entregá-los; o número de seguidores aparece para todos, a lista não;",
              en: "of a follower: your account's public address, your @, your display name, your instance and where to deliver posts, only to deliver them; the number of followers is public, the list is not;",
            },
            {
              pt: "de uma resposta, curtida ou compartilhamento: o texto (limpo de scripts e imagens), o seu nome, o seu @, o endereço do seu perfil e da sua foto, uma cópia pequena da foto (96 pixels, sem metadados), a sua instância e quando chegou. O servidor do site busca a foto uma vez (de novo até três vezes em algumas horas, se a sua instância não responder) e a serve ele mesmo: nenhum navegador, nem o de um leitor nem o do autor, pede nada à sua instância. Nada aparece no site antes de o autor aprovar; aprovado, aparece abaixo do post com o seu nome e a sua foto;",
              en: "of a reply, like or boost: its text (cleaned of scripts and pictures), your name, your @, the address of your profile and of your picture, a small copy of the picture (96 pixels, no metadata), your instance and when it arrived. The site's server fetches the picture once (again up to three times over a few hours if your instance does not answer) and serves it itself: no browser, a reader's or the author's, asks your instance for anything. Nothing shows on the site before the author approves it; once approved, it shows under the post with your name and picture;",
            },
            {
              pt: "de uma menção por webmention de outro site: o endereço da página, o título e o começo do texto, e o nome, o endereço e a foto (também numa cópia pequena) do autor que ela declara;",
              en: "of a webmention from another site: the page's address, its title and the start of its text, and the name, address and picture (also as a small copy) of the author it declares;",
            },
            {
              pt: "a chave pública da sua conta, para verificar a assinatura do que ela envia, por até 30 dias depois de buscá-la, e, por um dia, o endereço de cada atividade recebida, para não tratar a mesma duas vezes;",
              en: "your account's public key, to check the signature of what it sends, for up to 30 days after fetching it, and, for a day, the address of each activity received, so as not to handle one twice;",
            },
            {
              pt: "o registro de cada entrega de um post (a caixa de entrada da sua instância, quando foi e se deu certo) e de cada menção recebida (os endereços da página e do post), para não repetir o que já foi feito, apagado 30 dias depois de concluído;",
              en: "the record of each delivery of a post (your instance's inbox, when, and whether it worked) and of each mention received (the addresses of the page and of the post), so as not to repeat what was done, deleted 30 days after it is finished;",
            },
            {
              pt: "de uma conta ou instância que o autor bloqueou: o seu endereço, para recusar o que vier dela.",
              en: "of an account or instance the author blocked: its address, to refuse what comes from it.",
            },
          ],
        },
        {
          paragraph: {
            pt: "Deixar de seguir, apagar a resposta ou desfazer a curtida na sua instância apaga o que o site guardou; uma menção sai quando a página deixa de existir ou de citar o post e o webmention é enviado de novo. O autor também apaga respostas (recusar só as esconde do site) e pode bloquear uma conta ou uma instância, o que apaga na hora tudo o que veio dela. A cópia de uma foto que nenhuma resposta usa mais é apagada em até duas horas. Para pedir a remoção, escreva para {email}.",
            en: "Unfollowing, deleting your reply or undoing your like on your instance deletes what the site kept; a mention goes when its page is gone or no longer links to the post and the webmention is sent again. The author can also delete responses (rejecting only hides them from the site) and block an account or an instance, which deletes at once everything that came from it. The copy of a picture no response uses any more is deleted within two hours. To ask for removal, write to {email}.",
          },
        },
      ],
    },
    {
      id: "sign-in",
      title: { pt: "Login dos autores", en: "Authors' sign-in" },
      blocks: [
        {
          paragraph: {
            pt: "Só os autores do blog entram no site, com uma conta do GitHub; leitores não precisam de conta. De um autor o site guarda o que o GitHub informa: o nome de usuário e o número da conta, o nome, o endereço da foto de perfil e o e-mail principal. Quem não é autor é recusado e nada seu é guardado.",
            en: "Only the blog's authors sign in, with a GitHub account; readers need no account. Of an author the site keeps what GitHub provides: the account's username and number, the name, the address of the profile picture and the main e-mail address. Someone who is not an author is turned away and nothing of theirs is kept.",
          },
        },
      ],
    },
    {
      id: "cookies",
      title: { pt: "Cookies e preferências", en: "Cookies and preferences" },
      blocks: [
        {
          paragraph: {
            pt: "Nenhum cookie segue você pelo site. Os únicos que ele usa são:",
            en: "No cookie follows you around the site. The only ones it uses are:",
          },
        },
        {
          list: [
            {
              pt: "`contact_started`: onde há um formulário de contato, a hora em que ele apareceu, por 24 horas;",
              en: "`contact_started`: where a contact form is shown, the time it was shown, for 24 hours;",
            },
            {
              pt: "`__Host-session`: a sessão de um autor, que dura 30 dias desde o último uso ou até ele sair; o site guarda só uma versão embaralhada do código dela;",
              en: "`__Host-session`: an author's session, which lasts 30 days from its last use or until they sign out; the site keeps only a scrambled version of its code;",
            },
            {
              pt: "`signed_in`: diz às páginas para mostrar Admin e Sair a um autor, enquanto a sessão durar;",
              en: "`signed_in`: tells the pages to show Admin and Sign out to an author, while the session lasts;",
            },
            {
              pt: "`github_oauth`: por 10 minutos, enquanto um autor entra pelo GitHub;",
              en: "`github_oauth`: for 10 minutes, while an author signs in with GitHub;",
            },
            {
              pt: "`flash`: por um minuto, com o aviso mostrado depois de entrar ou sair.",
              en: "`flash`: for one minute, with the notice shown after signing in or out.",
            },
          ],
        },
        {
          paragraph: {
            pt: "O tema (claro ou escuro) e o idioma que você escolhe ficam guardados no seu próprio navegador e nunca são enviados ao site; para apagá-los, limpe os dados deste site no navegador. A área dos autores guarda no navegador deles uma cópia do post aberto até ele ser salvo.",
            en: "The theme (light or dark) and the language you choose stay in your own browser and are never sent to the site; to delete them, clear this site's data in your browser. The authors' area keeps a copy of the open post in their browser until it is saved.",
          },
        },
      ],
    },
    {
      id: "limits-and-logs",
      title: { pt: "Proteção contra abusos", en: "Protection against abuse" },
      blocks: [
        {
          list: [
            {
              pt: "Para o site aguentar abusos, os pedidos que mais dão trabalho (buscas, páginas feitas na hora, envio de imagens, tentativas de login) são contados por conexão durante alguns minutos, e a contagem é esquecida depois.",
              en: "So that the site withstands abuse, the requests that cost it most work (searches, pages made on the spot, image uploads, sign-in attempts) are counted per connection for a few minutes, and the count is forgotten afterwards.",
            },
            {
              pt: "O site anota o próprio funcionamento (a hora, o tipo de página, a resposta e o tempo que levou), nunca o seu endereço IP, o seu e-mail ou os seus cookies.",
              en: "The site notes how it works (the time, the kind of page, the answer and how long it took), never your IP address, your e-mail address or your cookies.",
            },
            {
              pt: "O servidor que entrega as páginas mantém um registro comum de acessos (endereço IP, hora, página, página de origem e navegador), usado só para investigar falhas e abusos e apagado de tempos em tempos.",
              en: "The server that delivers the pages keeps an ordinary access log (IP address, time, page, referring page and browser), used only to look into failures and abuse and deleted at regular intervals.",
            },
          ],
        },
      ],
    },
    {
      id: "rights",
      title: { pt: "Seus direitos e contato", en: "Your rights and how to reach me" },
      blocks: [
        {
          paragraph: {
            pt: "Pela Lei Geral de Proteção de Dados (LGPD) você pode saber se tenho dados seus, vê-los, corrigi-los, pedir que sejam apagados e retirar um consentimento dado. Para isso, ou para qualquer dúvida sobre esta página, escreva para {email}. Esta página muda quando o site muda; a data no topo diz quando.",
            en: "Under Brazil's General Data Protection Law (LGPD) you may ask whether I hold data about you, see it, correct it, have it deleted and withdraw a consent you gave. For that, or for any question about this page, write to {email}. This page changes when the site does; the date at the top says when.",
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
