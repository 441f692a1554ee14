import { type ReactNode, useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteError,
} from "react-router";
import interFont from "~/assets/fonts/inter-latin-wght.woff2?url";
import { rendersSignedIn } from "~/components/layout/AuthButtons.tsx";
import { AuthSync } from "~/components/layout/AuthSync.tsx";
import { Footer } from "~/components/layout/Footer.tsx";
import { Header } from "~/components/layout/Header.tsx";
import { Toasts } from "~/components/layout/Toasts.tsx";
import { showsLauncher } from "~/components/terminal/frame.ts";
import { LocalLink } from "~/components/ui/LocalLink.tsx";
import { headScript, pageScriptLoader } from "~/first-paint/inline-scripts.ts";
import { htmlLang, localizePath, useT } from "~/i18n";
import { useNonce } from "~/lib/nonce.ts";
import { applyTheme, themeColors } from "~/lib/preferences.ts";
import type { Route } from "./+types/root";
// Built as a file of its own, with only what it imports (see app/first-paint/page-script/enhance.ts).
import builtPageScript from "./first-paint/page-script/enhance.ts?worker&url";
import "./styles/app.css";

// Development serves the source as a module (a classic script cannot import); a build, the one file.
const pageScript = import.meta.env.DEV
  ? { src: "/app/first-paint/page-script/enhance.ts", module: true }
  : { src: builtPageScript, module: false };

// The site icon is written into each page by the server (app/first-paint/page-html.server.ts).
export const links: Route.LinksFunction = () => [
  { rel: "preload", href: interFont, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
];

export function Layout({ children }: { children: ReactNode }) {
  const { lang, t } = useT();
  // A page without a nonce (prerendered, cached, or the browser's copy) names none: an empty attribute is bytes
  // of a phone's first window for nothing.
  const nonce = useNonce() || undefined;
  // An author's screen says so in its HTML, for a browser without scripts; in the browser, the head script and
  // AuthSync own the mark, and React, never having written it, never takes it away.
  const matches = useMatches();
  const signedIn = import.meta.env.SSR && rendersSignedIn(matches);
  return (
    // The head script sets the theme class and colour scheme before the first paint.
    // It runs once, from the server's HTML: the browser's copy of this layout
    // leaves its text out, so it ships in no bundle; so does the loader of the
    // page script, which works the page's controls and starts hydration on the
    // first interaction (app/first-paint/page-script/enhance.ts).
    <html lang={htmlLang[lang]} data-auth={signedIn ? "in" : undefined} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={themeColors.light} />
        <script nonce={nonce} data-at-once="" suppressHydrationWarning>
          {import.meta.env.SSR ? headScript : ""}
        </script>
        {/*
          Loads the page script once the page has painted (app/first-paint/page-script-loader.ts). Before the
          stylesheet, so that no script waits for it and the parser reads the page in one go.
        */}
        <script nonce={nonce} data-at-once="" suppressHydrationWarning>
          {import.meta.env.SSR ? pageScriptLoader(pageScript.src, pageScript.module) : ""}
        </script>
        <Meta />
        <Links />
        <link
          rel="alternate"
          type="application/rss+xml"
          title={t.meta.feedTitle}
          href={localizePath("/rss.xml", lang)}
        />
      </head>
      <body>
        <a
          href="#main"
          className="sr-only z-50 rounded-lg bg-accent px-4 py-2 text-accent-fg focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
        >
          {t.a11y.skipToContent}
        </a>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const matches = useMatches();
  useEffect(() => {
    // A marker for tests and tools that need to know client behaviour is live.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <>
      <Header />
      <main id="main" tabIndex={-1} className="outline-none">
        <Outlet />
      </main>
      <Footer roomForLauncher={showsLauncher(matches.map((match) => match.handle))} />
      <Toasts />
      <AuthSync />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useT();
  if (!isRouteErrorResponse(error)) console.error(error);
  // This page replaces the app's tree, and React then clears the attributes of the document's
  // <html>: the stored theme and the signed-in mark the head script set go with them. Put back.
  useEffect(() => {
    let dark = false;
    try {
      dark = localStorage.getItem("theme") === "dark";
    } catch {
      // Storage off: the default theme, as the head script would have it.
    }
    applyTheme(dark ? "dark" : "light");
  }, []);
  return (
    <>
      <AuthSync />
      <Header />
      <main id="main" tabIndex={-1} className="container-page py-24 text-center outline-none">
        <title>{t.error.title}</title>
        <h1 className="text-3xl font-bold tracking-tight">{t.error.heading}</h1>
        <p className="mt-4 text-fg-muted">{t.error.description}</p>
        <LocalLink to="/" className="mt-8 inline-flex rounded-full bg-accent px-5 py-2.5 font-medium text-accent-fg">
          {t.error.returnHome}
        </LocalLink>
      </main>
      <Footer />
    </>
  );
}
