/**
 * The configuration guide, docs/configuration.md, written from the schema:
 * a table per section with each variable's default, allowed values and
 * meaning. `npm run docs:config` writes it; a test fails when the file and
 * the schema differ, so the guide cannot fall behind.
 */
import type { z } from "zod";
import { benchGuideShape } from "./bench.ts";
import { clusterShape, fontShape, localSignInShape, observatoryShape } from "./commands.ts";
import { serverShape, toolShape } from "./schema.ts";
import { GROUPS, type Group, guide, type VariableInfo } from "./variables.ts";

/** Where the guide is kept, from the project's root. */
export const GUIDE_PATH = "docs/configuration.md";

/** The command that writes it. */
export const GUIDE_COMMAND = "npm run docs:config";

const INTRO = `# Configuration

<!-- Written from config/schema.ts, config/commands.ts and config/bench.ts by \`${GUIDE_COMMAND}\`: edit the schemas, not this file. -->

Every setting is an environment variable, and every one has a default: \`npm start\`
runs with none set. The server reads them once, when it starts. A wrong value
stops it before it opens the database or listens, with one line per wrong
variable naming it, its value (never a secret's) and what it may be:

\`\`\`text
Configuration error: PORT: "abc" is not a port number (1–65535)
Configuration error: BACKUP_INTERVAL: "soon" is not a duration such as 5min, 30s or 1h (at least 100ms), or off
\`\`\`

The commands that read the server's settings (\`npm run backup\`, \`restore\`,
\`storage:migrate\`, the first step of \`npm start\`) check them the same way, and
\`npm run build\` checks \`BUILD_DIR\` and \`PUBLIC_URL\`. A blank value counts as
unset. The sections after the server's list what the local sign-in, \`npm run
cluster\`, \`npm run observatory\`, the benchmarks and the tests read; the server
ignores those. Each command reads its variables through a schema of its own and
refuses a wrong one in the same way, before it starts anything:

\`\`\`text
Configuration error: BENCH_RUNS: "many" is not a whole number of at least 1
\`\`\`
`;

/** What a section says before its table, where its variables are not all it reads. */
const NOTES: Partial<Record<Group, string>> = {
  cluster:
    "It also reads `BUILD_DIR` and `DATABASE_URL` (unset: a throwaway PostgreSQL), and passes every server " +
    "variable on to its servers, with defaults of its own for four: `PUBLIC_URL` its nginx's origin, " +
    "`STORAGE_DRIVER` `postgres`, `WEB_CONCURRENCY` `1` and one random `CONTACT_SECRET` for all of them.",
  observatory: "It also reads `BUILD_DIR` (the build it serves) and `NGINX_PATH`.",
  bench:
    "Every bench command (`npm run bench`, `bench:pages`, `bench:taps`, `bench:mixed`, `bench:flood`, " +
    "`bench:newsletter`, `bench:audience`, `bench:fediverse`, `bench:workers`) also reads `DATABASE_URL` (PostgreSQL measured " +
    "beside the embedded database, on a database of its own), `NGINX_PATH` and `CHROMIUM_PATH`, and checks " +
    "its variables before it starts anything.",
};

/** A table cell: one line, pipes escaped. */
const cell = (text: string) => text.replaceAll("|", "\\|").replaceAll("\n", " ");

/** Characters as a monospace column counts them. */
const width = (text: string) => [...text].length;

/** A Markdown table with its columns padded to one width, as the formatter writes them. */
export function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const all = [header, ...rows].map((row) => row.map(cell));
  const widths = header.map((_, column) => Math.max(3, ...all.map((row) => width(row[column] ?? ""))));
  const line = (row: readonly string[]) =>
    `| ${row.map((text, column) => text + " ".repeat((widths[column] ?? 0) - width(text))).join(" | ")} |`;
  const rule = `| ${widths.map((size) => "-".repeat(size)).join(" | ")} |`;
  const [head, ...body] = all;
  return [line(head ?? []), rule, ...body.map(line)].join("\n");
}

/** Every variable with its entry in the guide, in the schema's order. */
export function describedVariables(): { name: string; info: VariableInfo }[] {
  const shapes: Record<string, z.ZodType>[] = [
    serverShape,
    fontShape,
    localSignInShape,
    clusterShape,
    observatoryShape,
    benchGuideShape,
    toolShape,
  ];
  return shapes.flatMap((shape) =>
    Object.entries(shape).map(([name, schema]) => {
      const info = guide.get(schema);
      if (!info) throw new Error(`${name} has no entry in the guide (config/schema.ts)`);
      return { name, info };
    }),
  );
}

/** The whole guide, as docs/configuration.md holds it. */
export function configurationGuide(): string {
  const variables = describedVariables();
  const sections = (Object.keys(GROUPS) as (keyof typeof GROUPS)[]).map((group) => {
    const rows = variables
      .filter(({ info }) => info.group === group)
      .map(({ name, info }) => [`\`${name}\``, info.default, info.allowed, info.meaning]);
    const note = NOTES[group] ? `${NOTES[group]}\n\n` : "";
    return `## ${GROUPS[group]}\n\n${note}${markdownTable(["variable", "default", "allowed values", "meaning"], rows)}\n`;
  });
  return [INTRO, ...sections].join("\n");
}
