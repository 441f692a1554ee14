/**
 * The import at scale (docs/import-and-export.md): a zip of Markdown in
 * Hugo's layout with 5,000 posts (`--posts`), half of them translations of
 * the other half, and 4 images each (`--images`), 20,000 in all, imported
 * through the domain's functions into an empty embedded database and disk
 * storage, as `npm run import` does. Measures each phase's time (reading
 * the zip and the posts, the dry run, the images, the transaction), the
 * rate, and the process's memory above its start while it runs (sampled
 * every 100 ms: RSS, the JavaScript heap, and Buffers outside it), beside
 * the archive's size: the images are read one at a time, so memory must not
 * grow with them.
 *
 * `npm run bench:import [-- --posts 5000 --images 4]`. The suite runs a
 * bounded version (tests/server/transfer-scale.test.ts).
 */
import { mkdtemp, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import v8 from "node:v8";
import vm from "node:vm";
import { upsertGitHubUser } from "../app/server/auth/users.server.ts";
import { openDatabase } from "../app/server/db/client.server.ts";
import { applyImport, planImport } from "../app/server/transfer/import.server.ts";
import type { AnySource } from "../app/server/transfer/import-types.server.ts";
import { readSource, spoolSource } from "../app/server/transfer/read-source.server.ts";
import { openSource } from "../app/server/transfer/source-files.server.ts";
import { localDiskStorage } from "../app/server/uploads/storage.server.ts";
import { startEnvironment } from "../config/process.ts";
import { withServerFlags } from "../runtime/node-flags.ts";
import { type ImportScale, measureImport, writeScaleArchive } from "./import-scale.ts";

// Measured as `npm run import` and the server run it: with the server's flags and environment.
withServerFlags(startEnvironment());

const { values } = parseArgs({
  options: {
    posts: { type: "string", default: "5000" },
    images: { type: "string", default: "4" },
    format: { type: "string", default: "hugo" },
    text: { type: "string", default: "0" },
    whole: { type: "boolean", default: false },
  },
});
const format = values.format as NonNullable<ImportScale["format"]>;
const scale: ImportScale = {
  posts: Number(values.posts),
  imagesPerPost: format === "hugo" ? Number(values.images) : 0,
  format,
  textKb: Number(values.text),
};
if (
  !Number.isInteger(scale.posts) ||
  scale.posts < 2 ||
  !Number.isInteger(scale.imagesPerPost) ||
  scale.imagesPerPost < 0 ||
  !(Number(values.text) >= 0) ||
  !["hugo", "ghost", "wordpress", "archive"].includes(values.format)
) {
  console.error(
    "--posts must be a whole number of at least 2, --images a whole number, --text KB a number, --format hugo, ghost, wordpress or archive",
  );
  process.exit(1);
}

// The collector at hand (as --expose-gc gives it), so the memory above the start is measured without garbage.
if (!globalThis.gc) {
  v8.setFlagsFromString("--expose-gc");
  globalThis.gc = vm.runInNewContext("gc") as typeof globalThis.gc;
}

const dir = await mkdtemp(path.join(os.tmpdir(), "bench-import-"));
try {
  const archive = path.join(dir, "blog.zip");
  console.log(
    `Writing ${scale.posts} posts (${scale.format}, ${scale.textKb} KB of text) with ${scale.imagesPerPost} images each…`,
  );
  await writeScaleArchive(archive, scale);
  const size = (await stat(archive)).size;
  const database = await openDatabase({ dataDir: path.join(dir, "data") });
  try {
    const user = await upsertGitHubUser(database.db, {
      githubId: 1,
      login: "bench",
      name: null,
      avatarUrl: null,
      email: null,
    });
    const storage = localDiskStorage(path.join(dir, "uploads"));
    globalThis.gc?.();
    const heapAtStart = process.memoryUsage().heapUsed;
    let held = 0;
    let heldAtEnd = 0;
    // The posts' transaction, from its first report (0 posts written) to the import's end.
    let transactionBegan = 0;
    let transactionMs = 0;
    const report = await measureImport(async (phase, progress) => {
      const tree = await phase("read", () => openSource(archive));
      try {
        // As the admin and the command line read it (each post's texts spooled to disk), or whole with --whole.
        const source = await phase<AnySource>("read", () => (values.whole ? readSource(tree) : spoolSource(tree)));
        try {
          await phase("dry run", () => planImport(database.db, source, user.id));
          // What the import holds from the dry run to the transaction: the heap once its garbage is collected.
          globalThis.gc?.();
          held = process.memoryUsage().heapUsed - heapAtStart;
          const imported = await phase("import", () =>
            applyImport(database.db, storage, tree, source, user.id, {
              clash: "skip",
              publicUrl: "http://127.0.0.1:3000",
              onProgress: (report) => {
                progress(report);
                if (report.phase === "posts" && report.done === 0) transactionBegan = performance.now();
                // The search documents are made after the transaction (decision 086): it has ended.
                if (report.phase === "search" && report.done === 0)
                  transactionMs = performance.now() - transactionBegan;
                // And what it holds at the end of the transaction, its last batch written.
                if (report.phase === "posts" && report.done === report.total) {
                  globalThis.gc?.();
                  heldAtEnd = process.memoryUsage().heapUsed - heapAtStart;
                }
              },
            }),
          );
          transactionMs ||= performance.now() - transactionBegan;
          return imported;
        } finally {
          if ("texts" in source) source.close();
        }
      } finally {
        tree.close();
      }
    });
    const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
    console.log(`\nArchive: ${mb(size)}, ${scale.posts} posts, ${scale.posts * scale.imagesPerPost} images`);
    for (const [phase, ms] of Object.entries(report.phases)) console.log(`${phase}: ${(ms / 1000).toFixed(1)} s`);
    console.log(`the posts' transaction: ${(transactionMs / 1000).toFixed(2)} s`);
    console.log(
      `Imported ${report.result.imported} posts and ${report.result.images} images in ${(report.totalMs / 1000).toFixed(1)} s ` +
        `(${((report.result.images / report.totalMs) * 1000).toFixed(0)} images/s)`,
    );
    console.log(
      `Memory above the start, at its peak: RSS ${mb(report.peak.rss)}, heap ${mb(report.peak.heapUsed)}, ` +
        `Buffers ${mb(report.peak.external)} (the archive is ${mb(size)})`,
    );
    console.log(
      `Held once the garbage is collected: heap ${mb(held)} above the start after the dry run, ${mb(heldAtEnd)} at the transaction's last batch`,
    );
  } finally {
    await database.close();
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
