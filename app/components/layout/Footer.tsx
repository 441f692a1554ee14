import { Mail, Music } from "~/components/icons";
import { format, useT } from "~/i18n";
import { newsletterPath } from "~/lib/newsletter-paths.ts";
import { footerNav } from "~/routing/nav.ts";
import { site } from "~/site.config.ts";
import { SocialIcon } from "../icons/SocialIcon.tsx";
import { ExternalLink } from "../ui/ExternalLink.tsx";
import { LocalLink } from "../ui/LocalLink.tsx";

/** `roomForLauncher`: the page shows the floating terminal button, which must never cover the last line. */
export function Footer({ roomForLauncher = false }: { roomForLauncher?: boolean }) {
  const { lang, t } = useT();
  // Prerendered pages are rebuilt on every deploy; the year is that of the render.
  const year = new Date().getFullYear();
  return (
    <footer className="render-when-near mt-24 border-t border-line bg-surface">
      <div className="container-page grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="font-semibold tracking-tight">{site.name}</p>
          <p className="mt-3 text-sm leading-relaxed text-fg-muted">{t.footer.tagline}</p>
        </div>

        <nav aria-labelledby="footer-nav-title">
          <h2 id="footer-nav-title" className="text-sm font-semibold">
            {t.footer.navigation}
          </h2>
          <ul className="mt-3 grid gap-2 text-sm">
            {footerNav.map((item) => (
              <li key={item.to}>
                <LocalLink to={item.to} className="text-fg-muted hover:text-accent">
                  {t.header[item.label]}
                </LocalLink>
              </li>
            ))}
            {/* Following the blog by mail, from every page: the form itself only fits the blog's pages. */}
            <li>
              {/* A plain link: the home page's first window has no room for the route-discovery mark. Its class
                  comes first, as its neighbours' does: the same run of bytes compresses to next to nothing (84 B
                  of the home page's brotli). */}
              <a className="text-fg-muted hover:text-accent" href={newsletterPath(lang)}>
                {t.footer.newsletter}
              </a>
            </li>
          </ul>
        </nav>

        <div>
          <h2 className="text-sm font-semibold">{t.footer.social}</h2>
          <ul className="mt-3 flex flex-wrap gap-2" data-testid="footer-socials">
            {site.socials.map((social) => (
              <li key={social.network}>
                <ExternalLink
                  href={social.href}
                  aria-label={social.name}
                  className="grid size-10 place-items-center rounded-full border border-line text-fg-muted transition hover:border-accent hover:text-accent"
                >
                  <SocialIcon network={social.network} />
                </ExternalLink>
              </li>
            ))}
          </ul>
          <h2 className="mt-6 text-sm font-semibold">{t.footer.contact}</h2>
          <a
            href={`mailto:${site.email}`}
            className="mt-3 inline-flex items-center gap-2 text-sm text-fg-muted hover:text-accent"
          >
            <Mail className="size-4" aria-hidden="true" />
            {site.email}
          </a>
        </div>

        <div>
          <h2 className="text-sm font-semibold">{t.footer.favouriteSongs}</h2>
          <ul className="mt-3 grid gap-2 text-sm" data-testid="footer-songs">
            {site.favouriteSongs.map((song) => (
              <li key={song.url}>
                <ExternalLink href={song.url} className="inline-flex items-start gap-2 text-fg-muted hover:text-accent">
                  <Music className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                  {song.name}
                </ExternalLink>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-line">
        <p
          className={`container-page pt-6 text-center text-xs text-fg-muted ${roomForLauncher ? "pb-24 sm:pb-28" : "pb-6"}`}
        >
          {format(t.footer.copyright, { year })}
        </p>
      </div>
    </footer>
  );
}
