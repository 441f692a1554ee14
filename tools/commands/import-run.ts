/**
 * `npm run import`'s work (tools/commands/import.ts starts it with the
 * server's flags): reads the upload, prints the dry run, asks, imports.
 */
import { createInterface } from "node:readline/promises";
import { parseArgs } from "node:util";
import { format, isLang, type Lang } from "../../app/i18n/index.ts";
import { dictionaryFor } from "../../app/i18n/registry.ts";
import { openDatabase } from "../../app/server/db/client.server.ts";
import { DataDirLockedError } from "../../app/server/db/lock.server.ts";
import { users } from "../../app/server/db/schema.ts";
import {
  applyImport,
  authorByLogin,
  CLASH_CHOICES,
  type ClashChoice,
  type ImportProgress,
  planImport,
} from "../../app/server/transfer/import.server.ts";
import type { SpooledSource } from "../../app/server/transfer/import-types.server.ts";
import { ImportError } from "../../app/server/transfer/import-types.server.ts";
import { planLines, problemText } from "../../app/server/transfer/messages.server.ts";
import { spoolSource } from "../../app/server/transfer/read-source.server.ts";
import { openSource } from "../../app/server/transfer/source-files.server.ts";
import { openStorage } from "../../app/server/uploads/storage.server.ts";
import { ConfigError, readConfig } from "../../config/config.ts";

/** A bar on the terminal, redrawn in place: `[#####-----] 50/100 posts`. */
function progressBar(progress: ImportProgress, texts: { progress: Record<ImportProgress["phase"], string> }): string {
  const width = 30;
  const filled = progress.total === 0 ? width : Math.round((progress.done / progress.total) * width);
  const label = format(texts.progress[progress.phase], {
    done: progress.done,
    total: progress.total,
  });
  return `\r[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${label}   `;
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      author: { type: "string" },
      clash: { type: "string", default: "skip" },
      lang: { type: "string", default: "pt" },
      yes: { type: "boolean", default: false },
    },
  });
  const [location] = positionals;
  if (!location) throw new ConfigError("Name what to import: npm run import -- PATH [--author LOGIN] [--yes]");
  const lang: Lang = isLang(values.lang) ? values.lang : "pt";
  const clash = values.clash as ClashChoice;
  if (!CLASH_CHOICES.includes(clash)) throw new ConfigError(`--clash must be one of ${CLASH_CHOICES.join(", ")}`);
  const texts = dictionaryFor(lang).admin.transfer.import;
  const config = readConfig();
  const database = await openDatabase(config);
  try {
    const { db } = database;
    let authorId: string | undefined;
    if (values.author) authorId = await authorByLogin(db, values.author);
    else {
      const authors = await db.select({ id: users.id, login: users.login }).from(users);
      if (authors.length === 1) authorId = authors[0]?.id;
      else if (authors.length > 1)
        throw new ConfigError(`Name the author with --author: ${authors.map((author) => author.login).join(", ")}`);
    }
    if (!authorId) {
      throw new ConfigError(
        values.author
          ? `No author signed in as ${values.author} on this site`
          : "No author has signed in on this site yet: sign in once, then import",
      );
    }
    let tree: Awaited<ReturnType<typeof openSource>>;
    try {
      tree = await openSource(location);
    } catch (error) {
      if (error instanceof ImportError) {
        console.error(problemText(lang, error.problem));
        process.exitCode = 1;
        return;
      }
      throw error;
    }
    let spooled: SpooledSource | undefined;
    try {
      // The operator's own process: a text file of any size is read (the server's upload stops at READ_LIMITS).
      const source = await spoolSource(tree, new Date(), { documentBytes: Number.POSITIVE_INFINITY });
      spooled = source;
      const plan = await planImport(db, source, authorId);
      for (const line of planLines(lang, plan)) console.log(line);
      if (plan.problems.length > 0 || plan.posts === 0) {
        if (plan.posts === 0 && plan.problems.length === 0) console.log(texts.empty);
        process.exitCode = 1;
        return;
      }
      if (!values.yes) {
        const ask = createInterface({ input: process.stdin, output: process.stdout });
        const question = format(plan.posts === 1 ? texts.applyOne : texts.apply, { count: plan.posts });
        const answer = (await ask.question(`\n${question}? [${lang === "pt" ? "s/N" : "y/N"}] `)).trim().toLowerCase();
        ask.close();
        if (!["s", "sim", "y", "yes"].includes(answer)) return;
      }
      const storage = await openStorage(config.storage, db);
      const result = await applyImport(db, storage, tree, source, authorId, {
        clash,
        publicUrl: config.publicUrl,
        onProgress: (progress) => process.stderr.write(progressBar(progress, texts)),
      });
      process.stderr.write("\n");
      console.log(format(texts.done, { ...result }));
    } finally {
      spooled?.close();
      tree.close();
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) for (const line of error.message.split("\n")) console.error(line);
  else if (error instanceof DataDirLockedError)
    console.error(`${error.message} Stop the server first, or import from the admin (Importar).`);
  else console.error(`Import failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
