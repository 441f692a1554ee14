/**
 * Who the site belongs to and where to reach them. Everything that names the
 * owner comes from here, so changing hands means editing this one file.
 */

import { singleton } from "./lib/singleton.ts";

export type SocialNetwork = "github" | "linkedin" | "instagram" | "youtube" | "discord" | "x";

export interface SocialLink {
  network: SocialNetwork;
  /** Visible or accessible name, e.g. "GitHub". */
  name: string;
  href: string;
}

export interface FavouriteSong {
  name: string;
  url: string;
}

export interface SiteConfig {
  /** Full name, as written in titles, JSON-LD and the footer. */
  name: string;
  /** Initials shown when the avatar image cannot load. */
  initials: string;
  /** The two names the home page typewriter cycles between. */
  typewriterNames: readonly [string, string];
  /** Public contact address (contact page, footer, dialogs). */
  email: string;
  /** WhatsApp number as shown to people. */
  phoneDisplay: string;
  /** The same number in international digits only, for wa.me links. */
  phoneDigits: string;
  /** City, state and country in each language (the spec's Portuguese "Recife, Pernambuco - Brasil"). */
  location: { readonly pt: string; readonly en: string };
  /** Exactly six networks, in footer order. */
  socials: readonly SocialLink[];
  /** Exactly three songs linked in the footer. */
  favouriteSongs: readonly FavouriteSong[];
  /** External CV document, opened in a new tab from the About page. */
  cvUrl: string;
  /** Chat link used by every request-a-quote button. */
  quoteChatUrl: string;
  /** Invite to the community chat server. */
  communityInviteUrl: string;
}

export const site = {
  name: "Rafael Werneck",
  initials: "RW",
  typewriterNames: ["Rafael Werneck", "Rafa Werneck"],
  email: "contato@rafaelwerneck.dev",
  phoneDisplay: "+55 (81) 99876-5432",
  phoneDigits: "5581998765432",
  location: { pt: "Recife, Pernambuco - Brasil", en: "Recife, Pernambuco - Brazil" },
  socials: [
    { network: "github", name: "GitHub", href: "https://github.com/rafaelwerneck" },
    { network: "linkedin", name: "LinkedIn", href: "https://www.linkedin.com/in/rafaelwerneck" },
    { network: "instagram", name: "Instagram", href: "https://www.instagram.com/rafaelwerneck.dev" },
    { network: "youtube", name: "YouTube", href: "https://www.youtube.com/@rafaelwerneck" },
    { network: "discord", name: "Discord", href: "https://discord.gg/cheetahnetwork" },
    { network: "x", name: "X (Twitter)", href: "https://x.com/rafaelwerneck" },
  ],
  favouriteSongs: [
    { name: "Chico Science & Nação Zumbi - A Praieira", url: "https://www.youtube.com/watch?v=ddrxrE6Gm2E" },
    { name: "Alceu Valença - Anunciação", url: "https://www.youtube.com/watch?v=0sRGOWpTQfA" },
    { name: "Lenine - Paciência", url: "https://www.youtube.com/watch?v=BsLuVh1Bh4w" },
  ],
  cvUrl: "https://drive.google.com/file/d/rafael-werneck-cv/view",
  quoteChatUrl: "https://wa.me/5581998765432",
  communityInviteUrl: "https://discord.gg/cheetahnetwork",
} as const satisfies SiteConfig;

/** A `singleton`: the server's code and its route modules are two copies of this module. */
const published = singleton("publicUrl", (): { origin?: string } => ({}));

/**
 * The origin a server is published at (its PUBLIC_URL), set when it starts:
 * what its pages, feeds and link previews name from then on; undefined goes
 * back to the build's.
 */
export function setSiteUrl(origin: string | undefined): void {
  if (origin === undefined) delete published.origin;
  else published.origin = origin;
}

let pageOrigin: string | undefined;

/**
 * Origin the site is published at, for canonical URLs, feeds and link previews
 * (decision 041): on a server, its own PUBLIC_URL; while the build prerenders
 * pages, the build's; in the browser, the origin of the canonical link the
 * server sent with the page, so a page renders the same address after
 * hydration as before. The bundle the browser loads holds no address.
 * @example new URL("/about", `${siteUrl()}/`).href // "https://example.com/about"
 */
export function siteUrl(): string {
  if (!import.meta.env.SSR) {
    pageOrigin ??= new URL(document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href ?? location.href)
      .origin;
    return pageOrigin;
  }
  return published.origin ?? (import.meta.env.PUBLIC_URL as string | undefined) ?? "http://localhost:3000";
}
