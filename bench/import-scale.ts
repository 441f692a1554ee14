/**
 * What the import's bench (bench/import.ts) and its bounded version in the
 * suite share: a Hugo site of many bilingual posts with their images,
 * written to a zip as it is made, and an import measured phase by phase
 * with the process's memory sampled while it runs.
 */
import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { pipeline } from "node:stream/promises";
import sharp from "sharp";
import yazl from "yazl";
import type { ImportProgress, ImportResult } from "../app/server/transfer/import.server.ts";

export interface ImportScale {
  posts: number;
  imagesPerPost: number;
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
