import { type RouteConfig, route } from "@react-router/dev/routes";
import { languages, localizePath, otherSlugPaths } from "./i18n/paths.ts";
import { pageRoutes } from "./routing/pages.ts";

// Sign-in endpoints are language-neutral: mounted once, ahead of the pages.
const authRoutes = [
  route("auth/github", "routes/auth-github.ts"),
  route("auth/github/callback", "routes/auth-github-callback.ts"),
  route("auth/logout", "routes/auth-logout.ts"),
  route("auth/me", "routes/auth-me.ts"),
];

// Link-preview images of blog posts, per language (`app/lib/og-image.ts` names them).
const ogImageRoutes = [
  route("og/blog/:slug/:file", "routes/og-image.ts", { id: "pt:og-image" }),
  route("og/en/blog/:slug/:file", "routes/og-image.ts", { id: "en:og-image" }),
];

// Endpoints the admin screen calls from scripts; the language comes as `?lang=`.
const adminApiRoutes = [
  route("admin/blog/upload", "routes/admin-blog-upload.ts"),
  route("admin/blog/preview", "routes/admin-blog-preview.ts"),
  route("admin/blog/revisions", "routes/admin-blog-revisions.ts"),
];

// The CSV exports of the subscribers and of the audience, downloads: the same in both languages.
const adminExportRoutes = [
  route("admin/subscribers.csv", "routes/admin-subscribers-csv.ts"),
  route("admin/audience.csv", "routes/admin-audience-csv.ts"),
  // The author's posts as the blog's archive; an import's upload, its dry run and its progress.
  route("admin/blog/export.zip", "routes/admin-blog-export.ts"),
  route("admin/blog/import", "routes/admin-blog-import.ts"),
];

// What the contact form calls from scripts; the language comes in the posted form.
const contactApiRoutes = [
  route("contact/started", "routes/contact-started.ts"),
  route("contact/send", "routes/contact-send.ts"),
];

// Other sites' webmentions of posts: one endpoint for both languages (app/server/webmention/).
const webmentionRoutes = [route("webmention", "routes/webmention.ts")];

// A translated page's slug under the other language redirects to the page in that language.
const otherSlugRoutes = otherSlugPaths().map(({ lang, path }) =>
  route(path, "routes/other-slug.ts", { id: `${lang}:other-slug:${path}` }),
);

// Each page is mounted twice, at its Portuguese path and under `/en`, with one
// route module; ids are prefixed by language so both can coexist.
export default [
  ...authRoutes,
  ...ogImageRoutes,
  ...adminApiRoutes,
  ...adminExportRoutes,
  ...contactApiRoutes,
  ...webmentionRoutes,
  ...otherSlugRoutes,
  ...languages.flatMap((lang) => [
    ...pageRoutes.map((page) =>
      route(localizePath(`/${page.pattern}`, lang), page.file, { id: `${lang}:${page.key}` }),
    ),
    // The newsletter's pages answer per request (a form's answer, a link's token): never prerendered.
    route(localizePath("/newsletter", lang), "routes/newsletter.tsx", { id: `${lang}:newsletter` }),
    route(localizePath("/newsletter/confirm", lang), "routes/newsletter-confirm.tsx", {
      id: `${lang}:newsletter-confirm`,
    }),
    route(localizePath("/newsletter/unsubscribe", lang), "routes/newsletter-unsubscribe.tsx", {
      id: `${lang}:newsletter-unsubscribe`,
    }),
    // A draft shared by its author: per request, for whoever holds the link, never cached.
    route(localizePath("/blog/preview/:token", lang), "routes/blog-preview.tsx", { id: `${lang}:blog-preview` }),
    // The author's own posts: a post as its page will look, the trash, the tags' names.
    route(localizePath("/admin/blog/:id/preview", lang), "routes/admin-blog-post-preview.tsx", {
      id: `${lang}:admin-blog-post-preview`,
    }),
    route(localizePath("/admin/blog/trash", lang), "routes/admin-blog-trash.tsx", { id: `${lang}:admin-blog-trash` }),
    route(localizePath("/admin/blog/tags", lang), "routes/admin-blog-tags.tsx", { id: `${lang}:admin-blog-tags` }),
    route(localizePath("/admin/blog/transfer", lang), "routes/admin-blog-transfer.tsx", {
      id: `${lang}:admin-blog-transfer`,
    }),
    // Rendered per request for the signed-in author, like the other admin pages.
    route(localizePath("/admin/subscribers", lang), "routes/admin-subscribers.tsx", {
      id: `${lang}:admin-subscribers`,
    }),
    route(localizePath("/admin/audience", lang), "routes/admin-audience.tsx", { id: `${lang}:admin-audience` }),
    // Replies, likes, boosts and mentions held for moderation; followers, deliveries and blocks (decision 065).
    route(localizePath("/admin/responses", lang), "routes/admin-responses.tsx", { id: `${lang}:admin-responses` }),
    route(localizePath("/rss.xml", lang), "routes/rss.ts", { id: `${lang}:rss` }),
    route(localizePath("/rss.xsl", lang), "routes/rss-stylesheet.ts", { id: `${lang}:rss-stylesheet` }),
    route(localizePath("/*", lang), "routes/not-found.tsx", { id: `${lang}:not-found` }),
  ]),
  route("/sitemap.xml", "routes/sitemap.ts"),
  route("/robots.txt", "routes/robots.ts"),
] satisfies RouteConfig;
