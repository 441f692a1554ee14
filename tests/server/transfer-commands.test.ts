/**
 * The operator's commands on an embedded database: `npm run import` prints
 * the dry run and asks before writing (an answer other than yes writes
 * nothing; `--yes` does not ask), in the language `--lang` names, and
 * refuses a file that is not what it claims; `npm run export` writes every
 * author's posts, or one's with `--author`.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPost } from "../../app/server/blog/posts.server.ts";
import { openDatabase } from "../../app/server/db/client.server.ts";
import { blogs } from "../../app/server/db/schema.ts";
import { limit } from "../harness/host-speed.ts";
import { openMigratedPglite } from "../harness/migrated-pglite.ts";
import { IMPORT_FIXTURES } from "../helpers/import-files.ts";
import { postInput, saved, twoAuthors } from "./helpers/posts.ts";

const root = path.resolve(import.meta.dirname, "../..");
const dirs: string[] = [];
let dataDir = "";

/** Runs a command of the project with its answer typed on stdin; its output and exit code. */
function command(script: "import" | "export", args: string[], typed = "") {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve, reject) => {
    // The embedded database of the test, whatever the environment names.
    const { DATABASE_URL: _postgres, ...env } = process.env;
    const child = spawn(process.execPath, [`tools/commands/${script}.ts`, ...args], {
      cwd: root,
      env: { ...env, DATA_DIR: dataDir },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? -1, stdout, stderr }));
    child.stdin.end(typed);
  });
}

const postCount = async () => {
  const database = await openDatabase({ dataDir });
  try {
    return (await database.db.select({ id: blogs.id }).from(blogs)).length;
  } finally {
    await database.close();
  }
};

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "transfer-commands-"));
  dirs.push(dataDir);
  const database = await openMigratedPglite(dataDir);
  try {
    const { ana, bruno } = await twoAuthors(database.db);
    saved(await createPost(database.db, ana, postInput("da-ana", { published: true })));
    saved(await createPost(database.db, bruno, postInput("do-bruno", { published: true })));
  } finally {
    await database.close();
  }
}, limit(60_000));

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("npm run import", () => {
  const wordpress = path.join(IMPORT_FIXTURES, "wordpress.xml");

  it(
    "prints the dry run and writes nothing when the answer is not yes",
    async () => {
      const { code, stdout } = await command("import", [wordpress, "--author", "ana"], "n\n");
      expect(code).toBe(0);
      expect(stdout).toContain("WordPress: 2 posts (2 em português, 0 em inglês).");
      expect(stdout).toContain("Importar não é publicar");
      expect(stdout).toContain("wordpress.xml, linha 86: Página, não post: “Sobre mim”");
      expect(stdout).toContain("Importar 2 posts? [s/N]");
      expect(await postCount()).toBe(2);
    },
    limit(120_000),
  );

  it(
    "asks no question with --yes, says what it did in English with --lang en, and draws its progress",
    async () => {
      const { code, stdout, stderr } = await command("import", [wordpress, "--author", "ana", "--yes", "--lang", "en"]);
      expect(code).toBe(0);
      expect(stdout).toContain("WordPress: 2 posts (2 in Portuguese, 0 in English).");
      expect(stdout).not.toContain("[y/N]");
      expect(stdout).toContain("Import finished: 2 posts imported, 0 skipped");
      expect(stderr).toMatch(/\[#+\] Posts: 2 of 2/);
      expect(await postCount()).toBe(4);
    },
    limit(120_000),
  );

  it(
    "needs the author when the site has several, and refuses a file that is not an export",
    async () => {
      const several = await command("import", [wordpress, "--yes"]);
      expect(several.code).toBe(1);
      expect(several.stderr).toContain("Name the author with --author: ana, bruno");
      const dir = mkdtempSync(path.join(tmpdir(), "transfer-commands-file-"));
      dirs.push(dir);
      const picture = path.join(dir, "export.xml");
      await import("node:fs/promises").then((fs) => fs.writeFile(picture, Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 1])));
      const refused = await command("import", [picture, "--author", "ana", "--yes"]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(
        "export.xml: O arquivo não é um zip, um JSON do Ghost, um XML do WordPress nem Markdown.",
      );
      expect(await postCount()).toBe(4);
    },
    limit(120_000),
  );
});

describe("npm run export", () => {
  it(
    "writes every author's posts, or one author's",
    async () => {
      const dir = mkdtempSync(path.join(tmpdir(), "transfer-commands-export-"));
      dirs.push(dir);
      const everyone = await command("export", [path.join(dir, "all.zip")]);
      expect(everyone.code).toBe(0);
      expect(everyone.stdout).toMatch(/all\.zip: 4 posts, 0 images\./);
      const all = await readFile(path.join(dir, "all.zip"));
      expect(all.includes("pt/da-ana/index.md")).toBe(true);
      expect(all.includes("pt/do-bruno/index.md")).toBe(true);
      const bruno = await command("export", [path.join(dir, "bruno.zip"), "--author", "bruno"]);
      expect(bruno.stdout).toMatch(/bruno\.zip: 1 posts, 0 images\./);
      expect((await readFile(path.join(dir, "bruno.zip"))).includes("da-ana")).toBe(false);
    },
    limit(120_000),
  );
});
