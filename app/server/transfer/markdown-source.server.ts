/**
 * A folder of Markdown as Hugo, Jekyll and Astro write it, and this site's
 * own archive (the same, with `archive.json`): each file with front matter
 * is a post. Its language comes from a `lang` key, Hugo's suffix
 * (`index.pt.md`) or a language folder (`content/en/…`); translations from
 * `translationKey` or, for Hugo's suffixes and folders, from sharing a path;
 * dates from the front matter or, as Jekyll does, from the file's name. The
 * addresses it had are kept for redirects: `url`, `aliases`, `permalink`,
 * `redirect_from`, and the path its engine's permalink pattern gave it.
 */
import path from "node:path/posix";
import { parse as parseToml } from "smol-toml";
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { type Lang, localizePath } from "../../i18n/paths.ts";
import { POST_LIMITS } from "../../lib/post-input.ts";
import { slugify } from "../../lib/slugify.ts";
import { plainText } from "../blog/excerpt.server.ts";
import { checkMarkdown } from "../blog/markdown.server.ts";
import {
  ARCHIVE_FORMAT,
  ARCHIVE_INDEX,
  ARCHIVE_VERSION,
  type ArchiveIndex,
  type ArchivePost,
} from "./archive-format.server.ts";
import { readDate, writtenDay } from "./dates.server.ts";
import { type FrontMatter, readFrontMatter } from "./front-matter.server.ts";
import { imageAddresses } from "./html-to-markdown.server.ts";
import {
  arraySink,
  coverWords,
  type ImageRef,
  ImportError,
  type ImportedPost,
  type ImportNote,
  type ImportProblem,
  type ParsedSource,
  type PostSink,
  postTags,
  ReportList,
  SiteAddresses,
} from "./import-types.server.ts";
import { jsonPieces } from "./json-stream.server.ts";
import { convertTemplates, linkNames } from "./markdown-templates.server.ts";
import type { SourceTree } from "./source-files.server.ts";

const MARKDOWN = /\.(?:md|mdx|markdown)$/i;
const PT = new Set(["pt", "pt-br", "pt_br", "pt-pt", "pt_pt", "portuguese", "português", "portugues"]);
const EN = new Set(["en", "en-us", "en_us", "en-gb", "en_gb", "english"]);
/** Codes read as a language when they end a file's name (`post.fr.md`): a language this site has not. */
const OTHER_LANGUAGES = new Set(
  "ar bg ca cs da de el eo es et eu fa fi fr ga gl he hi hr hu id it ja ko lt lv ms nb nl nn no pl ro ru sk sl sr sv th tr uk vi zh".split(
    " ",
  ),
);

/**
 * The site's language for a code as engines write it, `undefined` for none
 * this site has.
 * @example siteLang("pt-BR") // "pt"
 */
export function siteLang(code: string): Lang | undefined {
  const lower = code.trim().toLowerCase();
  if (PT.has(lower)) return "pt";
  if (EN.has(lower)) return "en";
  return undefined;
}

const isLangCode = (code: string) => {
  const lower = code.toLowerCase();
  return (
    PT.has(lower) || EN.has(lower) || OTHER_LANGUAGES.has(lower.slice(0, 2)) || /^[a-z]{2}[-_][a-z]{2}$/.test(lower)
  );
};

interface SiteSettings {
  /** Hugo's `[permalinks]` (or `[permalinks.page]`), by section. */
  hugoPermalinks: Record<string, string>;
  defaultLang: Lang;
  /** Hugo puts languages other than the default under `/{lang}/`. */
  multilingual: boolean;
  /** The upload has a Hugo configuration (`hugo.toml`, `config.toml`, `config/_default/…`). */
  hugoSite: boolean;
  /** Hugo's `defaultContentLanguageInSubdir`: the default language under `/{lang}/` too. */
  defaultInSubdir: boolean;
  /** Jekyll's `permalink` setting. */
  jekyllPermalink: string;
  /** Where the site was published (Hugo's `baseURL`, Jekyll's `url`). */
  origin?: string;
  /** The folder of Jekyll's `_config.yml` (`` or `site/`), when the upload is a Jekyll site. */
  jekyllRoot?: string;
  /** Jekyll's `excerpt_separator`. */
  excerptSeparator: string;
}

/** An address's origin, when it is a web address. */
function originOf(address: unknown): string | undefined {
  const url = typeof address === "string" ? URL.parse(address.trim()) : null;
  return url && (url.protocol === "https:" || url.protocol === "http:") ? url.origin : undefined;
}

async function readSettings(tree: SourceTree): Promise<SiteSettings> {
  const settings: SiteSettings = {
    hugoPermalinks: {},
    defaultLang: "pt",
    multilingual: false,
    hugoSite: false,
    defaultInSubdir: false,
    jekyllPermalink: "date",
    excerptSeparator: "<!--more-->",
  };
  // Hugo's configuration: one file, or a folder of them (`config/_default/hugo.toml` beside `permalinks.toml`,
  // `languages.toml`), each of those holding what its name says.
  const readConfig = async (file: { path: string } | undefined): Promise<Record<string, unknown> | undefined> => {
    if (!file) return undefined;
    const text = (await tree.read(file.path)).toString("utf8");
    const data = file.path.endsWith(".toml")
      ? parseToml(text)
      : file.path.endsWith(".json")
        ? JSON.parse(text)
        : parseYaml(text);
    return data && typeof data === "object" ? (data as Record<string, unknown>) : {};
  };
  const config = tree.files.find((file) =>
    /^(?:[^/]+\/)?(?:config\/_default\/)?(?:hugo|config)\.(?:toml|ya?ml|json)$/.test(file.path),
  );
  const splitPermalinks = tree.files.find((file) =>
    /^(?:[^/]+\/)?config\/_default\/permalinks\.(?:toml|ya?ml|json)$/.test(file.path),
  );
  const splitLanguages = tree.files.find((file) =>
    /^(?:[^/]+\/)?config\/_default\/languages\.(?:toml|ya?ml|json)$/.test(file.path),
  );
  if (config || splitPermalinks || splitLanguages) {
    settings.hugoSite = true;
    try {
      const data = (await readConfig(config)) ?? {};
      const permalinks = (await readConfig(splitPermalinks)) ?? data.permalinks;
      if (permalinks && typeof permalinks === "object") {
        for (const [section, pattern] of Object.entries(permalinks)) {
          if (typeof pattern === "string") settings.hugoPermalinks[section] = pattern;
        }
        // Hugo's newer form: `[permalinks.page]` for the pages (the posts), `[permalinks.section]` for the lists.
        const pages = (permalinks as Record<string, unknown>).page;
        if (pages && typeof pages === "object") {
          for (const [section, pattern] of Object.entries(pages)) {
            if (typeof pattern === "string") settings.hugoPermalinks[section] = pattern;
          }
        }
      }
      const origin = originOf(data.baseURL ?? data.baseurl);
      if (origin) settings.origin = origin;
      const lang = String(data.defaultContentLanguage ?? data.languageCode ?? "");
      settings.defaultLang = siteLang(lang) ?? siteLang(lang.slice(0, 2)) ?? "pt";
      const languages = (await readConfig(splitLanguages)) ?? data.languages;
      settings.multilingual = typeof languages === "object" && languages !== null;
      settings.defaultInSubdir = settings.multilingual && data.defaultContentLanguageInSubdir === true;
    } catch {
      // A site's configuration only adds the permalink patterns; the posts are read without them.
    }
  }
  const jekyll = tree.files.find((file) => /^(?:[^/]+\/)?_config\.ya?ml$/.test(file.path));
  if (jekyll) {
    try {
      const data = parseYaml((await tree.read(jekyll.path)).toString("utf8")) as Record<string, unknown> | null;
      settings.jekyllRoot = jekyll.path.slice(0, jekyll.path.lastIndexOf("/") + 1);
      if (typeof data?.permalink === "string") settings.jekyllPermalink = data.permalink;
      // Jekyll's default separator, a blank line, is the text's own: only a written mark is removed.
      if (typeof data?.excerpt_separator === "string" && data.excerpt_separator.trim()) {
        settings.excerptSeparator = data.excerpt_separator;
      }
      const lang = typeof data?.lang === "string" ? siteLang(data.lang) : undefined;
      if (lang) settings.defaultLang = lang;
      const origin = originOf(data?.url);
      if (origin && !settings.origin) settings.origin = origin;
    } catch {
      // As above.
    }
  }
  return settings;
}

/** Where a file sits in its engine's layout. */
interface Placement {
  /** The folder the site's own paths start from (`` or `myblog/`). */
  root: string;
  engine: "hugo" | "jekyll" | "astro" | "plain";
  /** The path under the content folder, without a language folder. */
  inner: string;
  /** The language folder, if any. */
  langFolder?: string;
}

function placementOf(file: string): Placement {
  const hugo = /^(.*?)content\/(.*)$/.exec(file);
  const astro = /^(.*?)src\/content\/(.*)$/.exec(file);
  const jekyll = /^(.*?)(_posts|_drafts)\/(.*)$/.exec(file);
  let placement: Placement;
  if (astro) placement = { root: astro[1] ?? "", engine: "astro", inner: astro[2] ?? "" };
  else if (hugo) placement = { root: hugo[1] ?? "", engine: "hugo", inner: hugo[2] ?? "" };
  else if (jekyll) placement = { root: jekyll[1] ?? "", engine: "jekyll", inner: `${jekyll[2]}/${jekyll[3]}` };
  else placement = { root: "", engine: "plain", inner: file };
  const isLangFolder = (part: string | undefined) =>
    part !== undefined && (siteLang(part) !== undefined || (part.length === 2 && OTHER_LANGUAGES.has(part)));
  const [first, ...rest] = placement.inner.split("/");
  if (first && rest.length > 0 && isLangFolder(first)) {
    placement.langFolder = first;
    placement.inner = rest.join("/");
  } else if (placement.engine === "astro" && first && rest[0] && rest.length > 1 && isLangFolder(rest[0])) {
    // Astro's i18n: the language folder follows the collection's (`src/content/blog/en/post.md`).
    placement.langFolder = rest[0];
    placement.inner = [first, ...rest.slice(1)].join("/");
  }
  return placement;
}

const JEKYLL_NAME = /^(\d{4})-(\d{2})-(\d{2})-(.+)$/;

/** The file's name without its extension and language suffix, and that suffix. */
function nameParts(file: string): { base: string; suffix?: string } {
  const name = path.basename(file).replace(MARKDOWN, "");
  const dot = name.lastIndexOf(".");
  if (dot > 0 && isLangCode(name.slice(dot + 1))) return { base: name.slice(0, dot), suffix: name.slice(dot + 1) };
  return { base: name };
}

const text = (value: unknown): string | undefined =>
  typeof value === "string" ? value : typeof value === "number" ? String(value) : undefined;

const list = (value: unknown, separator: RegExp = /,/): string[] =>
  Array.isArray(value)
    ? value.map(text).filter((item): item is string => item !== undefined)
    : typeof value === "string"
      ? value.split(separator).filter((item) => item.trim() !== "")
      : [];

/**
 * The first image a front matter names as the post's cover, in the keys engines and themes use, with its
 * description and caption: beside the address (`cover: {image, alt, caption}` as Hugo's themes write it,
 * `image: {path, alt}` as Jekyll's SEO tag reads it) or in keys of their own (`coverAlt`, `image_alt`).
 */
function coverOf(data: Record<string, unknown>): { address: string; alt?: string; caption?: string } | undefined {
  const first = (record: Record<string, unknown>, keys: readonly string[]) =>
    keys.map((key) => text(record[key])).find((value) => value?.trim());
  const words = (record: Record<string, unknown>) => {
    const alt = first(record, ["alt", "coverAlt", "cover_alt", "imageAlt", "image_alt", "heroImageAlt"]);
    const caption = first(record, ["caption", "coverCaption", "cover_caption", "imageCaption", "image_caption"]);
    return { ...(alt ? { alt } : {}), ...(caption ? { caption } : {}) };
  };
  const flat = words({ ...data, alt: undefined, caption: undefined });
  for (const key of ["cover", "image", "featured_image", "featuredImage", "feature_image", "heroImage", "banner"]) {
    const value = data[key];
    if (typeof value === "string" && value) return { address: value, ...flat };
    if (value && typeof value === "object" && !Array.isArray(value)) {
      const record = value as Record<string, unknown>;
      const address = first(record, ["image", "src", "path"]);
      if (address) return { address, ...flat, ...words(record) };
    }
  }
  const [image] = list(data.images);
  return image ? { address: image, ...flat } : undefined;
}

/** The upload's file an image address names, if the upload has it. */
function resolveImage(address: string, file: string, root: string, files: ReadonlySet<string>): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(address) || address.startsWith("//")) return undefined;
  let clean = address.replace(/[?#].*$/, "");
  try {
    clean = decodeURIComponent(clean);
  } catch {
    return undefined;
  }
  const candidates = clean.startsWith("/")
    ? ["static", "public", "assets", "", "images"].map((folder) => path.join(root, folder, clean))
    : [path.join(path.dirname(file), clean)];
  const found = candidates.map((candidate) => candidate.replace(/^\/+/, "")).find((candidate) => files.has(candidate));
  // An SVG is no image the site stores (it may carry scripts): listed as one the import cannot bring.
  return found && /\.svg$/i.test(found) ? undefined : found;
}

/** Jekyll's and Hugo's permalink patterns, filled in. */
function fillPattern(pattern: string, values: Record<string, string>): string {
  return pattern.replace(/:([a-z_]+)/g, (whole, token: string) => values[token] ?? whole).replace(/\/{2,}/g, "/");
}

const JEKYLL_PRESETS: Record<string, string> = {
  date: "/:categories/:year/:month/:day/:title:output_ext",
  pretty: "/:categories/:year/:month/:day/:title/",
  ordinal: "/:categories/:year/:y_day/:title:output_ext",
  none: "/:categories/:title:output_ext",
};

/** Year, month and day of the date as written: in its own offset, else the site's. */
function datedValues(written: unknown): Record<string, string> {
  const day = written === undefined ? undefined : writtenDay(written);
  return day ?? {};
}

/**
 * A text as Hugo's `urlize` makes it a path: lowercased, accents kept,
 * spaces to one hyphen, punctuation dropped.
 * @example hugoUrlize("Meu post: café & código") // "meu-post-café-código"
 */
export function hugoUrlize(value: string): string {
  let out = "";
  let hyphen = false;
  for (const char of value.normalize("NFC")) {
    if (/[\p{L}\p{N}\p{M}._~+@-]/u.test(char) && char !== "-") {
      if (hyphen && out) out += "-";
      hyphen = false;
      out += char;
    } else if (char === "-" || /\s/.test(char)) hyphen = true;
  }
  return out.toLowerCase();
}

interface FileContext {
  file: string;
  front: FrontMatter;
  archive: boolean;
  settings: SiteSettings;
  files: ReadonlySet<string>;
  notes: ImportNote[];
  /** The addresses of the posts this one links to by their files, read from their front matter. */
  linked: ReadonlyMap<string, string>;
}

function dateAt(context: FileContext, keys: readonly string[]): { date: Date; written: unknown } | undefined {
  for (const key of keys) {
    const value = context.front.data[key];
    if (value === undefined || value === null || value === "" || typeof value === "boolean") continue;
    const date = readDate(value);
    if (!date) {
      throw new ImportError({
        file: context.file,
        line: context.front.lineOf(key),
        code: "bad-date",
        values: { key, value: String(value) },
      });
    }
    return { date, written: value };
  }
  return undefined;
}

/** Whether a file, by where it lies and its front matter, is one of its site's pages, not a post. */
function isSitePage(file: string, data: Record<string, unknown>, settings: SiteSettings): boolean {
  const placement = placementOf(file);
  if (/(?:^|\/)src\/pages\//.test(file)) return true;
  if (placement.engine === "hugo" && settings.hugoSite) {
    // Directly in `content/` (or `content/{lang}/`), outside any section, or a bundle that renders no page.
    if (!placement.inner.includes("/")) return true;
    if (data.headless === true) return true;
  }
  if (placement.engine === "plain" && settings.jekyllRoot !== undefined && file.startsWith(settings.jekyllRoot)) {
    // Jekyll's posts are in `_posts` and `_drafts`; its other Markdown files are pages.
    return true;
  }
  return false;
}

/** The upload's Markdown file another post names (Jekyll's `post_url`, Hugo's `ref` and `relref`), if any. */
function linkedFile(name: string, files: ReadonlySet<string>): string | undefined {
  const wanted = name
    .trim()
    .replace(/^["']|["']$/g, "")
    .replace(/^\/+/, "")
    .replace(/#.*$/, "");
  if (!wanted) return undefined;
  const withExt = MARKDOWN.test(wanted) ? [wanted] : [`${wanted}.md`, `${wanted}.markdown`, `${wanted}/index.md`];
  for (const file of files) {
    if (MARKDOWN.test(file) && withExt.some((candidate) => file === candidate || file.endsWith(`/${candidate}`))) {
      return file;
    }
  }
  return undefined;
}

/** A file's slug (empty when its name gives none) and language, by its front matter, then its name and folders. */
function identityOf(file: string, data: Record<string, unknown>, settings: SiteSettings) {
  const placement = placementOf(file);
  const { base, suffix } = nameParts(file);
  const jekyllName = JEKYLL_NAME.exec(base);
  const langKey = ["lang", "language", "locale"].find((key) => text(data[key]) !== undefined);
  const written = langKey ? text(data[langKey]) : (suffix ?? placement.langFolder);
  const lang = written === undefined ? settings.defaultLang : siteLang(written);
  const folderName = path.basename(path.dirname(file));
  const givenSlug =
    text(data.slug) ?? (jekyllName ? jekyllName[4] : base === "index" || base === "_index" ? folderName : base) ?? "";
  return { placement, base, suffix, jekyllName, langKey, written, lang, slug: slugify(givenSlug) };
}

/** The address a file of the upload will have here, by its front matter when it was read, else by its name. */
function addressOf(file: string, data: Record<string, unknown>, settings: SiteSettings): string | undefined {
  const identity = identityOf(file, data, settings);
  const slug = identity.slug || slugify(text(data.title) ?? "");
  return slug ? localizePath(`/blog/${slug}`, identity.lang ?? settings.defaultLang) : undefined;
}

/** Where another post of the upload will be, named by its file, if it is in the upload. */
function linkedPost(name: string, context: FileContext): string | undefined {
  const file = linkedFile(name, context.files);
  return file ? (context.linked.get(file) ?? addressOf(file, {}, context.settings)) : undefined;
}

/** An MDX file's text: its `import` and `export` lines dropped (its components are HTML, listed as removed). */
function mdxText(body: string): string {
  let fence = false;
  return body
    .split("\n")
    .filter((line) => {
      if (/^\s{0,3}(?:`{3,}|~{3,})/.test(line)) fence = !fence;
      return fence || !/^(?:import|export)\s/.test(line);
    })
    .join("\n");
}

/** Jekyll's title for a post without one: its file's slug, each word capitalized. */
const titleFromSlug = (slug: string) =>
  slug
    .split(/[-_ ]/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");

function postOf(context: FileContext, now: Date): ImportedPost {
  const { file, front, archive, settings } = context;
  const data = front.data;
  const identity = identityOf(file, data, settings);
  const { placement, base, suffix, jekyllName, langKey, written, lang } = identity;
  if (!lang) {
    throw new ImportError({
      file,
      line: langKey ? front.lineOf(langKey) : undefined,
      code: "unknown-language",
      values: { lang: written ?? "" },
    });
  }

  // Jekyll titles a post without one from its file's name, as it does.
  const title =
    text(data.title)?.trim() ||
    (!archive && placement.engine === "jekyll" && jekyllName ? titleFromSlug(jekyllName[4] ?? "") : undefined);
  if (!title) throw new ImportError({ file, line: 1, code: "missing-title" });

  const slug = identity.slug || slugify(title);

  const dated = dateAt(context, ["date", "pubDate", "publishDate", "published"]);
  const jekyllDate = jekyllName ? `${jekyllName[1]}-${jekyllName[2]}-${jekyllName[3]}` : undefined;
  let published = dated?.date ?? (jekyllDate ? readDate(jekyllDate) : undefined);
  const writtenDate = dated?.written ?? jekyllDate;
  // Hugo publishes a page at its `publishDate` when that is later than its `date`.
  const publishAt = !archive && dated && "publishDate" in data ? dateAt(context, ["publishDate"]) : undefined;
  if (publishAt && published && publishAt.date > published && publishAt.date > now) published = publishAt.date;
  const created = dateAt(context, ["created"])?.date ?? published ?? now;
  const updated =
    dateAt(context, ["lastmod", "last_modified_at", "updated", "updatedDate", "modified"])?.date ??
    published ??
    created;
  const edited = dateAt(context, ["edited"])?.date ?? null;
  const status = text(data.status);
  const trashed = dateAt(context, ["trashed"])?.date ?? (status === "trashed" ? now : null);
  // Hugo no longer shows a page past its `expiryDate`: it comes in as a draft, said so.
  const expiry = archive ? undefined : dateAt(context, ["expiryDate", "expirydate"]);
  const expired = expiry !== undefined && expiry.date <= now;
  if (expired) {
    context.notes.push({
      file,
      line: front.lineOf(data.expiryDate !== undefined ? "expiryDate" : "expirydate"),
      code: "expired-draft",
      values: { title },
    });
  }
  const draft =
    data.draft === true ||
    data.published === false ||
    status === "draft" ||
    placement.inner.startsWith("_drafts/") ||
    expired;

  const tagSeparator = placement.engine === "jekyll" ? /\s+/ : /,/;
  const tags = postTags(list(data.tags, tagSeparator), { file, line: front.lineOf("tags") }, context.notes);

  const imageOf = (address: string): ImageRef => {
    const found = resolveImage(address, file, placement.root, context.files);
    return found ? { original: address, file: found } : { original: address };
  };
  let body = archive ? front.body : file.toLowerCase().endsWith(".mdx") ? mdxText(front.body) : front.body;
  // The summary's separator (`<!--more-->`, Jekyll's `excerpt_separator`) outside code is no HTML of the post:
  // the text before it is the summary when the front matter gives none.
  const converted = archive
    ? { body, removed: [] }
    : convertTemplates(body, {
        linkTo: (kind, name) =>
          kind === "post_url"
            ? (linkedPost(`_posts/${name}`, context) ?? linkedPost(name, context))
            : linkedPost(name, context),
        separators: ["<!--more-->", settings.excerptSeparator],
      });
  body = converted.body;
  const checked = checkMarkdown(body);
  // The words before the separator, as a summary reads them: no image, no link's address, no emphasis marks.
  const separated = "excerpt" in converted && converted.excerpt ? plainText(converted.excerpt) : undefined;
  const images = imageAddresses(body)
    .filter((address) => !/^(?:https?:)?\/\//i.test(address) && !address.startsWith("data:"))
    .map(imageOf);
  const named = coverOf(data);
  const cover = named && !/^data:/.test(named.address) ? imageOf(named.address) : undefined;

  const explicitKey = text(data.translationKey) ?? text(data.translation_key);
  // In a Hugo site a file without a suffix or a folder is in the default language, and shares its path with its
  // translations (`x.md` and `x.en.md`, `posts/x.md` and `en/posts/x.md`); a post without one keeps a key alone.
  const pathKeyed = suffix !== undefined || placement.langFolder !== undefined || placement.engine === "hugo";
  const implicitKey = !archive && pathKeyed ? `path:${path.join(path.dirname(placement.inner), base)}` : undefined;

  const oldPaths: string[] = [];
  if (!archive) {
    // A draft was never published, so never had the address its pattern gives (an expired post had).
    const computed =
      draft && !expired
        ? undefined
        : patternPath(placement, { slug, base, title, lang, written: writtenDate, data, settings });
    for (const key of ["url", "permalink"]) {
      const value = text(data[key]);
      if (value) oldPaths.push(value);
    }
    const own = text(data.url) ?? text(data.permalink) ?? computed;
    for (const key of ["aliases", "redirect_from"]) {
      for (const alias of list(data[key])) {
        const trimmed = alias.trim();
        if (/^(?:[a-z][a-z0-9+.-]*:|\/)/i.test(trimmed)) oldPaths.push(trimmed);
        // A relative alias is a sibling of the page's own address, as Hugo resolves it.
        else if (own?.startsWith("/")) oldPaths.push(path.join(path.dirname(own.replace(/\/+$/, "")), trimmed));
      }
    }
    if (!text(data.url) && !text(data.permalink) && computed) oldPaths.push(computed);
  }

  return {
    origin: { file },
    title: title.slice(0, POST_LIMITS.title),
    slug,
    lang,
    ...(explicitKey ? { translationKey: `key:${explicitKey}` } : implicitKey ? { translationKey: implicitKey } : {}),
    draft,
    publishedAt: archive ? (published ?? null) : draft ? null : (published ?? created),
    createdAt: created,
    updatedAt: updated,
    editedAt: edited,
    trashedAt: trashed,
    content: body,
    excerpt: (text(data.summary) ?? text(data.excerpt) ?? separated ?? null)?.slice(0, POST_LIMITS.excerpt) || null,
    seoDescription: text(data.description)?.slice(0, POST_LIMITS.seoDescription) ?? null,
    socialTitle: text(data.socialTitle)?.slice(0, POST_LIMITS.socialTitle) ?? null,
    socialDescription: text(data.socialDescription)?.slice(0, POST_LIMITS.socialDescription) ?? null,
    tags,
    ...(cover ? { cover, ...coverWords(named?.alt, named?.caption) } : {}),
    images,
    // Paths with a token left unfilled (a draft's or an undated file's date) were never an address.
    oldPaths: oldPaths.filter((old) => !/:[a-z_]+/i.test(old.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, ""))),
    removed: [...converted.removed, ...checked.removed],
    ...(checked.hazard ? { hazard: checked.hazard } : {}),
  };
}

/** The path the post's engine published it at, by its permalink pattern. */
function patternPath(
  placement: Placement,
  post: {
    slug: string;
    base: string;
    title: string;
    lang: Lang;
    /** The date as the front matter (or Jekyll's file name) wrote it. */
    written: unknown;
    data: Record<string, unknown>;
    settings: SiteSettings;
  },
): string | undefined {
  const dated = datedValues(post.written);
  const folders = path
    .dirname(placement.inner)
    .split("/")
    .filter((part) => part && part !== ".");
  if (placement.engine === "jekyll") {
    const setting = post.settings.jekyllPermalink;
    const pattern = JEKYLL_PRESETS[setting] ?? setting;
    // Categories from the folders above `_posts`, then the front matter's (a string split on spaces).
    const root = post.settings.jekyllRoot ?? placement.root;
    const above = placement.root.startsWith(root) ? placement.root.slice(root.length).split("/").filter(Boolean) : [];
    const categories = [...above, ...list(post.data.categories ?? post.data.category, /\s+/)]
      .map((category) => slugify(category))
      .filter((category, i, all) => category && all.indexOf(category) === i)
      .join("/");
    const title = text(post.data.slug) ?? JEKYLL_NAME.exec(post.base)?.[4] ?? post.base;
    return fillPattern(pattern, { ...dated, title, slug: post.slug, categories, output_ext: ".html" });
  }
  if (placement.engine === "hugo") {
    // A page bundle's folder is the page, not its section.
    const bundle = post.base === "index";
    const sectionFolders = bundle ? folders.slice(0, -1) : folders;
    const section = sectionFolders[0] ?? "";
    const pattern = post.settings.hugoPermalinks[section];
    const { multilingual, defaultInSubdir, defaultLang } = post.settings;
    const prefix = multilingual && (post.lang !== defaultLang || defaultInSubdir) ? `/${post.lang}` : "";
    const filename = bundle ? (folders.at(-1) ?? post.slug) : post.base;
    const slug = text(post.data.slug);
    const filled = pattern
      ? fillPattern(pattern, {
          ...dated,
          slug: hugoUrlize(slug ?? post.title),
          slugorfilename: hugoUrlize(slug ?? filename),
          title: hugoUrlize(post.title),
          section,
          sections: sectionFolders.map(hugoUrlize).join("/"),
          filename: hugoUrlize(filename),
          contentbasename: hugoUrlize(filename),
        })
      : `/${[...sectionFolders, slug ?? filename].map(hugoUrlize).join("/")}/`;
    return `${prefix}${filled}`;
  }
  if (placement.engine === "astro") {
    // The entry's id is its path in the collection, language folder included (`/blog/en/post/`), unless a
    // `slug` replaces it.
    const [collection, ...inside] = folders;
    if (!collection) return undefined;
    const id = text(post.data.slug) ? [post.slug] : [placement.langFolder, ...inside, post.slug];
    return `/${[collection, ...id].filter(Boolean).join("/")}/`;
  }
  return undefined;
}

/** Files that are a site's pages or documents, not posts. */
const NOT_POSTS =
  /(?:^|\/)(?:README|LICENSE|CHANGELOG|CONTRIBUTING)\.md$|(?:^|\/)(?:node_modules|themes|layouts|archetypes|\.github)\//i;

/**
 * Every post of a folder of Markdown, or of this site's archive when it
 * holds `archive.json`: problems are collected per file, so the dry run
 * names all of them at once.
 */
export async function readMarkdownTree(tree: SourceTree, now = new Date()): Promise<ParsedSource> {
  const sink = arraySink();
  return { ...(await readMarkdownTreeInto(tree, now, sink)), posts: sink.posts };
}

/**
 * The tree's posts handed to the sink one at a time. The archive's index is
 * read as it comes (json-stream.server.ts): its header and tags first, then
 * each post's entry with the Markdown file it names, so no more than one
 * post's revisions are held at once; files the index does not name follow.
 */
export async function readMarkdownTreeInto(
  tree: SourceTree,
  now: Date,
  sink: PostSink,
): Promise<Omit<ParsedSource, "posts">> {
  const problems = new ReportList<ImportProblem>();
  const notes = new ReportList<ImportNote>();
  const index = await readArchiveHeader(tree, problems);
  const archive = index !== undefined;
  const settings = await readSettings(tree);
  const files = new Set(tree.files.map((file) => file.path));
  const siteAddresses = new SiteAddresses();
  for (const kept of index?.redirects ?? []) {
    siteAddresses.add({
      path: kept.path,
      lang: kept.lang,
      ...(kept.tag ? { tag: kept.tag } : {}),
      source: kept.source,
      created: readDate(kept.created) ?? now,
    });
  }
  // Jekyll's feed (jekyll-feed's `/feed.xml`), in the site's language.
  if (!archive && settings.jekyllRoot !== undefined)
    siteAddresses.add({ path: "/feed.xml", lang: settings.defaultLang });
  const read = async (file: string, kept?: ArchivePost) => {
    try {
      const front = readFrontMatter((await tree.read(file)).toString("utf8"), file);
      if (!archive && isSitePage(file, front.data, settings)) {
        notes.push({ file, code: "page-skipped", values: { title: text(front.data.title)?.trim() || file } });
        return;
      }
      const linked = new Map<string, string>();
      if (!archive) {
        for (const name of linkNames(front.body)) {
          const target = linkedFile(name, files);
          if (!target || linked.has(target)) continue;
          let data: Record<string, unknown> = {};
          try {
            data = readFrontMatter((await tree.read(target)).toString("utf8"), target).data;
          } catch {
            // A file that cannot be read is named by its own problem; the link goes by its name.
          }
          const address = addressOf(target, data, settings);
          if (address) linked.set(target, address);
        }
      }
      const post = postOf({ file, front, archive, settings, files, notes, linked }, now);
      if (kept) withArchiveIndex(post, kept, files);
      else if (!archive) {
        const placement = placementOf(file);
        if (settings.hugoSite || placement.engine === "hugo") hugoAddresses(post, placement, settings, siteAddresses);
      }
      sink.add(post);
    } catch (error) {
      if (!(error instanceof ImportError)) throw error;
      problems.push(error.problem);
    }
  };
  const isPost = (file: string) =>
    (MARKDOWN.test(file) || tree.container === "file") && !NOT_POSTS.test(file) && !PAGE_FILE.test(file);
  const done = new Set<string>();
  if (index) {
    for await (const entry of archiveEntries(tree, problems)) {
      if (done.has(entry.file) || !files.has(entry.file) || !isPost(entry.file)) continue;
      done.add(entry.file);
      await read(entry.file, entry);
    }
  }
  for (const file of tree.files) {
    if (done.has(file.path)) continue;
    // A file uploaded alone was told Markdown by its content, whatever its name.
    if ((!MARKDOWN.test(file.path) && tree.container !== "file") || NOT_POSTS.test(file.path)) continue;
    if (PAGE_FILE.test(file.path)) {
      notes.push({ file: file.path, code: "page-skipped", values: { title: file.path } });
      continue;
    }
    await read(file.path);
  }
  return {
    kind: archive ? "archive" : "markdown",
    problems,
    notes,
    ...(index ? { tags: index.tags } : {}),
    ...(settings.origin ? { origins: [settings.origin] } : {}),
    siteAddresses: siteAddresses.list,
  };
}

/**
 * Where a Hugo site published what a post leads to besides itself: its
 * tags' pages (`/tags/{term}/`) and the feeds of its language and section
 * (`/index.xml`, `/posts/index.xml`), under the language's folder but for
 * the default language's.
 */
function hugoAddresses(post: ImportedPost, placement: Placement, settings: SiteSettings, addresses: SiteAddresses) {
  const { multilingual, defaultInSubdir, defaultLang } = settings;
  const prefix = multilingual && (post.lang !== defaultLang || defaultInSubdir) ? `/${post.lang}` : "";
  addresses.add({ path: `${prefix}/index.xml`, lang: post.lang });
  // A section's folder holds the post (`posts/x.md`, `posts/x/index.md`); a bundle at the top is no section.
  const parts = placement.inner.split("/");
  const bundle = /^index\.[^/]+$/.test(parts.at(-1) ?? "");
  const section = parts.length > (bundle ? 2 : 1) ? parts[0] : undefined;
  if (section) addresses.add({ path: `${prefix}/${section}/index.xml`, lang: post.lang });
  for (const tag of post.tags) {
    const term = hugoUrlize(tag.name);
    if (term) addresses.add({ path: `${prefix}/tags/${term}/`, lang: post.lang, tag: tag.slug });
  }
}

const PAGE_FILE = /(?:^|\/)_index(?:\.[a-z_-]+)?\.md$/i;

/** The archive's streamed index: `posts` stands apart, read entry by entry. */
const ARCHIVE_POSTS = [["posts"]] as const;

/** The archive's header (format, version, tags), if the tree is this site's archive; a wrong one is a problem. */
async function readArchiveHeader(
  tree: SourceTree,
  problems: ImportProblem[],
): Promise<Pick<ArchiveIndex, "tags" | "redirects"> | undefined> {
  if (!tree.files.some((file) => file.path === ARCHIVE_INDEX)) return undefined;
  let index: Partial<ArchiveIndex> = {};
  try {
    // The posts' entries are stepped over here, and read one at a time by archiveEntries.
    for await (const piece of jsonPieces(tree.chunks(ARCHIVE_INDEX), ARCHIVE_INDEX, ARCHIVE_POSTS, {
      elements: false,
    })) {
      if (piece.kind === "rest") index = (piece.value ?? {}) as Partial<ArchiveIndex>;
    }
  } catch (error) {
    // A file over the reading limit is refused as such (it throws on), bad JSON is the archive's problem.
    if (!(error instanceof ImportError) || error.problem.code !== "malformed-json") throw error;
    problems.push(error.problem);
    return undefined;
  }
  if (index.format !== ARCHIVE_FORMAT) return undefined;
  if (index.version !== ARCHIVE_VERSION) {
    problems.push({ file: ARCHIVE_INDEX, code: "archive-version", values: { version: String(index.version) } });
    return undefined;
  }
  // What the database will check (languages, kinds of revisions, sources) is checked here first, by name.
  const checked = archiveHeaderShape.safeParse(index);
  if (!checked.success) {
    problems.push(shapeProblem(checked.error.issues[0]));
    return undefined;
  }
  const { tags, redirects } = index as ArchiveIndex;
  return { tags, ...(redirects ? { redirects } : {}) };
}

const shapeProblem = (issue: z.core.$ZodIssue | undefined, at: (string | number)[] = []): ImportProblem => ({
  file: ARCHIVE_INDEX,
  code: "malformed-json",
  values: { detail: `${[...at, ...(issue?.path ?? [])].join(".")}: ${issue?.message ?? ""}` },
});

/** The archive's posts' entries, one at a time, each checked alone; a wrong one is a problem. */
async function* archiveEntries(tree: SourceTree, problems: ImportProblem[]): AsyncGenerator<ArchivePost> {
  try {
    for await (const piece of jsonPieces(tree.chunks(ARCHIVE_INDEX), ARCHIVE_INDEX, ARCHIVE_POSTS)) {
      if (piece.kind !== "element") continue;
      const checked = archivePostShape.safeParse(piece.value);
      if (checked.success) yield checked.data as ArchivePost;
      else problems.push({ ...shapeProblem(checked.error.issues[0], ["posts", piece.index]), line: piece.line });
    }
  } catch (error) {
    if (!(error instanceof ImportError)) throw error;
    problems.push(error.problem);
  }
}

const lang = z.enum(["pt", "en"]);
const when = z.string().refine((value) => readDate(value) !== undefined, "not a date");
const archiveHeaderShape = z.object({
  tags: z.array(
    z.object({ lang, slug: z.string().max(200), name: z.string().max(200), translationKey: z.string().optional() }),
  ),
  posts: z.array(z.null()),
  redirects: z
    .array(
      z.object({
        path: z.string().max(600),
        lang,
        tag: z.string().max(200).optional(),
        source: z.enum(["archive", "ghost", "wordpress", "markdown", "author"]),
        created: when,
      }),
    )
    .optional(),
});
const archivePostShape = z.object({
  file: z.string(),
  tags: z.array(z.string().max(200)),
  revisions: z.array(
    z.object({
      kind: z.enum(["save", "publish", "update", "schedule", "restore", "autosave"]),
      title: z.string(),
      slug: z.string(),
      excerpt: z.string().nullable(),
      content: z.string(),
      cover: z.string().nullable(),
      coverAlt: z.string().max(POST_LIMITS.coverAlt).nullish(),
      coverCaption: z.string().max(POST_LIMITS.coverCaption).nullish(),
      tags: z.array(z.string()),
      lang,
      changed: z.array(z.string()),
      linesAdded: z.number().int().nonnegative(),
      linesRemoved: z.number().int().nonnegative(),
      created: when,
    }),
  ),
  redirects: z.array(
    z.object({
      path: z.string().max(600),
      source: z.enum(["archive", "ghost", "wordpress", "markdown", "author"]),
      created: when,
    }),
  ),
});

/** What the archive's index adds to a post: its tag slugs, revisions and old addresses, exactly. */
function withArchiveIndex(post: ImportedPost, kept: ArchivePost, files: ReadonlySet<string>): void {
  const names = post.tags.map((tag) => tag.name);
  post.tags = kept.tags.map((slug, i) => ({ slug, name: names[i] ?? slug }));
  post.revisions = kept.revisions;
  post.redirects = kept.redirects.map((redirect) => ({
    ...redirect,
    created: readDate(redirect.created) ?? new Date(),
  }));
  if (post.translationKey?.startsWith("key:")) post.translationKey = post.translationKey.slice(4);
  const folder = path.dirname(post.origin.file);
  const known = new Set(post.images.map((image) => image.original));
  for (const revision of kept.revisions) {
    for (const address of [...imageAddresses(revision.content), ...(revision.cover ? [revision.cover] : [])]) {
      if (known.has(address) || /^[a-z][a-z0-9+.-]*:/i.test(address) || address.startsWith("/")) continue;
      known.add(address);
      const file = path.join(folder, address);
      post.images.push(files.has(file) ? { original: address, file } : { original: address });
    }
  }
}
