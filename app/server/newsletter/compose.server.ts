/**
 * Newsletter mails as nodemailer messages: a confirmation, a post, a weekly
 * digest. Each in its language, HTML and plain text, with the headers mail
 * providers ask of bulk mail (RFC 2369 `List-Unsubscribe` with an HTTPS
 * address and a `mailto:`, RFC 8058 one-click, RFC 2919 `List-Id`). Links go
 * straight to the site: no tracking pixel, no redirect. Everything taken
 * from a post is escaped.
 */
import type { SendMailOptions } from "nodemailer";
import { format } from "../../i18n/index.ts";
import type { Lang } from "../../i18n/paths.ts";
import { postPath } from "../../lib/blog-paths.ts";
import { escapeHtml } from "../../lib/html-entities.ts";
import { confirmPath, privacyPath, unsubscribePath, withToken } from "../../lib/newsletter-paths.ts";
import { site } from "../../site.config.ts";
import { excerptOf } from "../blog/excerpt.server.ts";
import type { Blog } from "../db/schema.ts";
import { type MailTexts, mailTexts } from "./mail-text.server.ts";

export interface MailContext {
  /** The site's public origin (PUBLIC_URL). */
  publicUrl: string;
  /** The sender (SMTP_FROM); its domain names the list and the Message-IDs. */
  from: string;
  /** The reader's address. */
  to: string;
  lang: Lang;
  /** The reader's unsubscribe token (the footer's links, the headers). */
  unsubscribeToken: string;
  /** Unique per mail (its row's id), so a mail sent again after a lost reply is recognisably the same. */
  mailId: string;
}

const domainOf = (address: string) => address.split("@")[1]?.replace(/>$/, "") ?? "localhost";

const absolute = (publicUrl: string, path: string) => new URL(path, `${publicUrl}/`).href;

const names = { name: site.name };

function listHeaders(context: MailContext) {
  const domain = domainOf(context.from);
  const unsubscribeUrl = absolute(
    context.publicUrl,
    withToken(unsubscribePath(context.lang), context.unsubscribeToken),
  );
  const mailto = `mailto:${context.from.replace(/^.*<|>$/g, "")}?subject=${encodeURIComponent(`unsubscribe ${context.unsubscribeToken}`)}`;
  return {
    unsubscribeUrl,
    headers: {
      "List-Id": `${format(mailTexts[context.lang].listName, names)} <newsletter.${domain}>`,
      "List-Unsubscribe": `<${unsubscribeUrl}>, <${mailto}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}

/** The page around a mail's body, in the site's colours, readable where images and styles are off. */
function layout(lang: Lang, preheader: string, body: string, footer: string) {
  return `<!DOCTYPE html><html lang="${lang === "pt" ? "pt-BR" : "en"}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark"><title>${escapeHtml(preheader)}</title></head><body style="margin:0;padding:0;background:#f4f4f5;color:#18181b;font:16px/1.6 -apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif"><div style="display:none;max-height:0;overflow:hidden">${escapeHtml(preheader)}</div><table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f5"><tr><td align="center" style="padding:24px 12px"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:12px"><tr><td style="padding:28px 28px 8px">${body}</td></tr><tr><td style="padding:8px 28px 28px;font-size:13px;color:#52525b;border-top:1px solid #e4e4e7">${footer}</td></tr></table></td></tr></table></body></html>`;
}

const button = (href: string, label: string) =>
  `<p style="margin:24px 0"><a href="${escapeHtml(href)}" style="display:inline-block;background:#0f766e;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 22px;border-radius:8px">${escapeHtml(label)}</a></p>`;

/**
 * A mail's footer, HTML and plain text alike: why it came, its ways out with
 * their links, and the privacy page. A confirmation says what will happen if
 * the reader confirms, and its way out cancels the request; a post or a
 * digest says why it came, and offers leaving and changing what comes.
 */
function footers(context: MailContext, texts: MailTexts, unsubscribeUrl: string, pending = false) {
  const privacy = absolute(context.publicUrl, privacyPath(context.lang));
  const why = format(pending ? texts.confirm.why : texts.footer.why, names);
  const ways: [string, string][] = pending
    ? [[texts.confirm.cancel, unsubscribeUrl]]
    : [
        [texts.footer.unsubscribe, unsubscribeUrl],
        [texts.footer.preferences, unsubscribeUrl],
      ];
  const links: [string, string][] = [...ways, [texts.footer.privacy, privacy]];
  const anchor = ([label, href]: [string, string]) =>
    `<a href="${escapeHtml(href)}" style="color:#0f766e">${escapeHtml(label)}</a>`;
  return {
    html: `<p style="margin:16px 0 8px">${escapeHtml(why)}</p><p style="margin:0">${links.map(anchor).join(" · ")}</p>`,
    text: `-- \n${why}\n${links.map(([label, href]) => `${label}: ${href}\n`).join("")}`,
  };
}

function envelope(context: MailContext, subject: string, html: string, text: string): SendMailOptions {
  return {
    from: { name: site.name, address: context.from.replace(/^.*<|>$/g, "") },
    to: context.to,
    subject,
    html,
    text,
    messageId: `<newsletter-${context.mailId}@${domainOf(context.from)}>`,
  };
}

/** The confirmation a new subscription sends: a link to a page whose button confirms. */
export function confirmationMail(context: MailContext, confirmToken: string): SendMailOptions {
  const texts = mailTexts[context.lang];
  const { headers, unsubscribeUrl } = listHeaders(context);
  const link = absolute(context.publicUrl, withToken(confirmPath(context.lang), confirmToken));
  const body = format(texts.confirm.body, names);
  const footer = footers(context, texts, unsubscribeUrl, true);
  const html = layout(
    context.lang,
    texts.confirm.preheader,
    `<h1 style="font-size:24px;line-height:1.3;margin:0 0 16px">${escapeHtml(texts.confirm.heading)}</h1><p style="margin:0 0 12px">${escapeHtml(body)}</p>${button(link, texts.confirm.button)}<p style="margin:0 0 12px;font-size:14px;word-break:break-all"><a href="${escapeHtml(link)}" style="color:#0f766e">${escapeHtml(link)}</a></p><p style="margin:0;color:#52525b">${escapeHtml(texts.confirm.ignore)}</p>`,
    footer.html,
  );
  const text = `${texts.confirm.heading}\n\n${body}\n\n${texts.confirm.button}: ${link}\n\n${texts.confirm.ignore}\n\n${footer.text}`;
  return { ...envelope(context, texts.confirm.subject, html, text), headers };
}

type MailPost = Pick<Blog, "title" | "slug" | "lang" | "excerpt" | "content" | "coverImage" | "coverAlt">;

const postUrl = (publicUrl: string, post: MailPost) =>
  absolute(publicUrl, postPath({ lang: post.lang === "en" ? "en" : "pt", slug: post.slug }));

/** One post, in its own language: title, summary, cover, a button to read it. */
export function postMail(context: MailContext, post: MailPost): SendMailOptions {
  const texts = mailTexts[context.lang];
  const { headers, unsubscribeUrl } = listHeaders(context);
  const url = postUrl(context.publicUrl, post);
  const summary = excerptOf(post);
  const cover = post.coverImage
    ? `<img src="${escapeHtml(absolute(context.publicUrl, post.coverImage))}" alt="${escapeHtml(post.coverAlt ?? "")}" width="544" style="display:block;width:100%;height:auto;border-radius:8px;margin:0 0 20px">`
    : "";
  const footer = footers(context, texts, unsubscribeUrl);
  const html = layout(
    context.lang,
    format(texts.post.preheader, names),
    `${cover}<h1 style="font-size:24px;line-height:1.3;margin:0 0 12px"><a href="${escapeHtml(url)}" style="color:#18181b;text-decoration:none">${escapeHtml(post.title)}</a></h1><p style="margin:0">${escapeHtml(summary)}</p>${button(url, texts.post.read)}`,
    footer.html,
  );
  const text = `${post.title}\n\n${summary}\n\n${texts.post.read}: ${url}\n\n${footer.text}`;
  return { ...envelope(context, post.title, html, text), headers };
}

/** The week's posts, one entry each (a post and its translation once, in the reader's first language). */
export function digestMail(context: MailContext, posts: readonly MailPost[]): SendMailOptions {
  const texts = mailTexts[context.lang];
  const { headers, unsubscribeUrl } = listHeaders(context);
  const footer = footers(context, texts, unsubscribeUrl);
  const entries = posts.map((post) => ({ post, url: postUrl(context.publicUrl, post), summary: excerptOf(post) }));
  const html = layout(
    context.lang,
    format(texts.digest.intro, names),
    `<h1 style="font-size:24px;line-height:1.3;margin:0 0 8px">${escapeHtml(texts.digest.heading)}</h1><p style="margin:0 0 20px;color:#52525b">${escapeHtml(format(texts.digest.intro, names))}</p>${entries
      .map(
        ({ post, url, summary }) =>
          `<h2 lang="${post.lang === "pt" ? "pt-BR" : "en"}" style="font-size:19px;line-height:1.35;margin:0 0 6px"><a href="${escapeHtml(url)}" style="color:#18181b">${escapeHtml(post.title)}</a></h2><p lang="${post.lang === "pt" ? "pt-BR" : "en"}" style="margin:0 0 20px">${escapeHtml(summary)} <a href="${escapeHtml(url)}" style="color:#0f766e">${escapeHtml(texts.digest.read)}</a></p>`,
      )
      .join("")}`,
    footer.html,
  );
  const text = `${texts.digest.heading}\n\n${format(texts.digest.intro, names)}\n\n${entries
    .map(({ post, url, summary }) => `${post.title}\n${summary}\n${url}\n`)
    .join("\n")}\n${footer.text}`;
  return { ...envelope(context, format(texts.digest.subject, names), html, text), headers };
}
