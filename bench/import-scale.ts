/**
 * What the import's bench (bench/import.ts) and its bounded version in the
 * suite share: a Hugo site of many bilingual posts with their images,
 * written to a zip as it is made, and an import measured phase by phase
 * with the process's memory sampled while it runs.
 */
import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { finished, pipeline } from "node:stream/promises";
import sharp from "sharp";
import yazl from "yazl";
import { ARCHIVE_FORMAT, ARCHIVE_INDEX, ARCHIVE_VERSION } from "../app/server/transfer/archive-format.server.ts";
import type { ImportProgress, ImportResult } from "../app/server/transfer/import.server.ts";

export interface ImportScale {
  posts: number;
  imagesPerPost: number;
  /**
   * The export's kind: a Hugo site in a zip (the default), a Ghost JSON or
   * a WordPress XML export (their posts' images left out), or this site's own archive (each
   * post with a revision and an old address in archive.json).
   */
  format?: "hugo" | "ghost" | "wordpress" | "archive";
  /** About this many KB of text in each post's body besides its images (0: a line). */
  textKb?: number;
}

/** A body's paragraphs: `kb` KB of text, different for each post. */
function paragraphs(i: number, kb: number): string[] {
  const out: string[] = [];
  for (let size = 0; size < kb * 1024; ) {
    const line = `Parágrafo ${out.length + 1} do post ${i}: ${"texto que se lê, ".repeat(24)}fim.`;
    out.push(line);
    size += Buffer.byteLength(line) + 2;
  }
  return out;
}

/** Writes a Ghost 5 export of the scale's posts (half in English, by the internal tag #en) as it is made. */
async function writeGhostExport(file: string, scale: ImportScale): Promise<void> {
  const out = createWriteStream(file);
  const write = (text: string) =>
    out.write(text) ? Promise.resolve() : new Promise<void>((resolve) => out.once("drain", () => resolve()));
  await write('{"db":[{"meta":{"exported_on":1700000000000,"version":"5.75.0"},"data":{"posts":[');
  const links: string[] = [];
  for (let i = 0; i < scale.posts; i++) {
    const html = [`<p>Post ${i}.</p>`, ...paragraphs(i, scale.textKb ?? 0).map((text) => `<p>${text}</p>`)].join("");
    const post = {
      id: `p${i}`,
      uuid: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
      title: `Post ${i}`,
      slug: `post-${i}`,
      html,
      lexical: null,
      mobiledoc: null,
      status: "published",
      type: "post",
      created_at: "2020-01-01T10:00:00.000Z",
      updated_at: "2020-01-02T10:00:00.000Z",
      published_at: "2020-01-01T10:00:00.000Z",
      custom_excerpt: null,
      feature_image: null,
    };
    await write(`${i === 0 ? "" : ","}${JSON.stringify(post)}`);
    links.push(JSON.stringify({ id: `pt${i}`, post_id: `p${i}`, tag_id: `t${i % 7}`, sort_order: 0 }));
    if (i % 2 === 1) links.push(JSON.stringify({ id: `pe${i}`, post_id: `p${i}`, tag_id: "en", sort_order: 1 }));
  }
  const tags = [
    ...Array.from({ length: 7 }, (_, t) => ({ id: `t${t}`, name: `Tag ${t}`, slug: `tag-${t}` })),
    { id: "en", name: "#en", slug: "hash-en" },
  ];
  await write(`],"tags":${JSON.stringify(tags)},"posts_tags":[${links.join(",")}]}}]}\n`);
  out.end();
  await finished(out);
}

/** Writes a WordPress export (WXR 1.2) of the scale's posts as it is made, the channel's language Portuguese. */
async function writeWordPressExport(file: string, scale: ImportScale): Promise<void> {
  const out = createWriteStream(file);
  const write = (text: string) =>
    out.write(text) ? Promise.resolve() : new Promise<void>((resolve) => out.once("drain", () => resolve()));
  await write(
    '<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wp="http://wordpress.org/export/1.2/">\n<channel><title>Bench</title><language>pt-BR</language><wp:wxr_version>1.2</wp:wxr_version>\n',
  );
  for (let i = 0; i < scale.posts; i++) {
    const html = [`<p>Post ${i}.</p>`, ...paragraphs(i, scale.textKb ?? 0).map((text) => `<p>${text}</p>`)].join("\n");
    await write(
      `<item><title>Post ${i}</title><link>https://old.example/${i}/</link><content:encoded><![CDATA[${html}]]></content:encoded><wp:post_id>${i + 1}</wp:post_id><wp:post_date_gmt>2020-01-01 10:00:00</wp:post_date_gmt><wp:post_name>post-${i}</wp:post_name><wp:status>publish</wp:status><wp:post_type>post</wp:post_type><category domain="post_tag" nicename="tag-${i % 7}"><![CDATA[Tag ${i % 7}]]></category></item>\n`,
    );
  }
  await write("</channel></rss>\n");
  out.end();
  await finished(out);
}

/** Writes this site's archive of the scale's posts: pt/en pairs, each with a revision and an old address. */
async function writeOwnArchive(file: string, scale: ImportScale): Promise<void> {
  const zip = new yazl.ZipFile();
  const written = pipeline(zip.outputStream, createWriteStream(file));
  const entries: string[] = [];
  for (let i = 0; i < scale.posts; i++) {
    const lang = i % 2 === 0 ? "pt" : "en";
    const slug = `post-${i}`;
    const body = [`Post ${i}.`, ...paragraphs(i, scale.textKb ?? 0)].join("\n\n");
    const date = "2020-01-01T10:00:00.000-03:00";
    const front = [
      "---",
      `title: Post ${i}`,
      `slug: ${slug}`,
      `lang: ${lang}`,
      `translationKey: key:pair-${Math.floor(i / 2)}`,
      "status: published",
      "draft: false",
      `date: ${date}`,
      `created: ${date}`,
      `lastmod: ${date}`,
      "tags:",
      `  - Tag ${i % 7}`,
      "---",
      "",
    ].join("\n");
    const path = `${lang}/${slug}/index.md`;
    zip.addBuffer(Buffer.from(`${front}${body}\n`), path);
    const revision = {
      kind: "publish",
      title: `Post ${i}`,
      slug,
      excerpt: null,
      content: body,
      cover: null,
      tags: [`tag-${i % 7}`],
      lang,
      changed: ["content"],
      linesAdded: 1,
      linesRemoved: 0,
      created: date,
    };
    const redirects = [{ path: `/${slug}/`, source: "ghost", created: date }];
    entries.push(JSON.stringify({ file: path, tags: [`tag-${i % 7}`], revisions: [revision], redirects }, null, 2));
  }
  const tags = (["pt", "en"] as const).flatMap((lang) =>
    Array.from({ length: 7 }, (_, t) => ({ lang, slug: `tag-${t}`, name: `Tag ${t}`, translationKey: `tag-${t}` })),
  );
  const header = {
    format: ARCHIVE_FORMAT,
    version: ARCHIVE_VERSION,
    exportedAt: "2026-11-29T09:00:00.000-03:00",
    authors: ["bench"],
    tags,
  };
  const index = `${JSON.stringify(header, null, 2).replace(/\n}$/, "")},\n  "posts": [\n${entries.join(",\n")}\n  ]\n}\n`;
  zip.addBuffer(Buffer.from(index), ARCHIVE_INDEX);
  zip.end();
  await written;
}

/**
 * Sixteen photographs' worth of noise (160 × 120, about 58 KB of PNG each,
 * which no compression shrinks): each image file of the archive is one of
 * them under its own name, so the archive weighs what real images weigh.
 */
async function palette(): Promise<Buffer[]> {
  return Promise.all(
    Array.from({ length: 16 }, () =>
      sharp(randomBytes(160 * 120 * 3), { raw: { width: 160, height: 120, channels: 3 } })
        .png()
        .toBuffer(),
    ),
  );
}

/**
 * Writes the archive: `content/posts/post-{n}/index.pt.md` and its English
 * translation `index.en.md` beside it, each with its own images.
 */
export async function writeScaleArchive(file: string, scale: ImportScale): Promise<void> {
  if (scale.format === "ghost") return writeGhostExport(file, scale);
  if (scale.format === "wordpress") return writeWordPressExport(file, scale);
  if (scale.format === "archive") return writeOwnArchive(file, scale);
  const images = await palette();
  const zip = new yazl.ZipFile();
  const written = pipeline(zip.outputStream, createWriteStream(file));
  for (let i = 0; i < scale.posts; i++) {
    const lang = i % 2 === 0 ? "pt" : "en";
    const folder = `content/posts/post-${Math.floor(i / 2)}`;
    const day = String((i % 28) + 1).padStart(2, "0");
    const pictures = Array.from({ length: scale.imagesPerPost }, (_, j) => `image-${lang}-${j}.png`);
    const body = [
      `Post ${i}, ${lang === "pt" ? "em português" : "in English"}.`,
      ...paragraphs(i, scale.textKb ?? 0),
      ...pictures.map((name, j) => `![Figura ${j}](${name})`),
    ].join("\n\n");
    const front = [
      "---",
      `title: "${lang === "pt" ? "Post" : "Post in English"} ${i}"`,
      `date: 2020-01-${day}T10:00:00-03:00`,
      `tags: ["Escala", "Tag ${i % 7}"]`,
      "---",
      "",
    ].join("\n");
    zip.addBuffer(Buffer.from(`${front}${body}\n`), `${folder}/index.${lang}.md`);
    for (const [j, name] of pictures.entries()) {
      zip.addBuffer(images[(i + j) % images.length] ?? Buffer.alloc(0), `${folder}/${name}`, { compress: false });
    }
  }
  zip.end();
  await written;
}

export interface ImportMeasure {
  /** Milliseconds per phase. */
  phases: Record<string, number>;
  totalMs: number;
  /** The highest of each measure above its value at the start, in bytes. */
  peak: { rss: number; heapUsed: number; external: number };
  result: ImportResult;
}

/**
 * Runs an import with its phases timed and the memory sampled every 100 ms
 * (and at each progress report). `run` times its steps with `phase`.
 */
export async function measureImport(
  run: (
    phase: <T>(name: string, step: () => Promise<T>) => Promise<T>,
    progress: (progress: ImportProgress) => void,
  ) => Promise<ImportResult>,
  /** Whether the progress is written to stderr (the bench's terminal), a line redrawn. */
  show = true,
): Promise<ImportMeasure> {
  globalThis.gc?.();
  const start = process.memoryUsage();
  const peak = { rss: 0, heapUsed: 0, external: 0 };
  const sample = () => {
    const now = process.memoryUsage();
    peak.rss = Math.max(peak.rss, now.rss - start.rss);
    peak.heapUsed = Math.max(peak.heapUsed, now.heapUsed - start.heapUsed);
    peak.external = Math.max(peak.external, now.external - start.external);
  };
  const timer = setInterval(sample, 100);
  const phases: Record<string, number> = {};
  const began = performance.now();
  let shown = -1;
  try {
    const result = await run(
      async (name, step) => {
        const at = performance.now();
        try {
          return await step();
        } finally {
          phases[name] = (phases[name] ?? 0) + performance.now() - at;
        }
      },
      (progress) => {
        sample();
        const tenth = Math.floor((progress.done / Math.max(1, progress.total)) * 10);
        if (show && (tenth !== shown || progress.done === progress.total)) {
          shown = tenth;
          process.stderr.write(`\r${progress.phase}: ${progress.done}/${progress.total}   `);
        }
      },
    );
    sample();
    return { phases, totalMs: performance.now() - began, peak, result };
  } finally {
    clearInterval(timer);
  }
}
