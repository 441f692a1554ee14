/**
 * `npm run import -- PATH [--author LOGIN] [--clash skip|rename|replace] [--lang pt|en] [--yes]`
 * imports a blog (docs/import-and-export.md): this site's archive, a Ghost
 * JSON, a WordPress XML, or a folder or zip of Markdown. It prints the dry
 * run and asks before writing anything; `--yes` imports without asking,
 * for scripts. Posts go to the author `--author` names (the only author,
 * when there is one). With the embedded database, stop the server first.
 */
import { startEnvironment } from "../../config/process.ts";
import { withServerFlags } from "../../runtime/node-flags.ts";

// The import holds what the admin's would in the server: the same young generation and heap growth. Made so
// before the import's modules load, which the process that becomes the command would load twice.
withServerFlags(startEnvironment());
await import("./import-run.ts");
