/**
 * The page's inline scripts (the head script, the page script's loader) are
 * written as ordinary modules, checked by the typechecker like the rest of the
 * app: each exports its script as its default function. Importing such a
 * module with `?inline-script` gives, instead of the module, a function that
 * returns the script's text as the page must carry it: the module bundled
 * with what it imports (constants of the app, written in), minified, as one
 * expression that calls the function with the arguments given, each written
 * as a literal (`inline-scripts.ts`).
 *
 * The text is made when Vite loads the import: by the build (both the
 * server's and the browser's bundles; the browser's drops it, as only the
 * server renders it), by the development server and by Vitest, so the tests
 * run the very text a page carries. The CSP allows it by its hash or the
 * response's nonce like any inline script (http-server/static-pages.ts).
 */
import { readFile } from "node:fs/promises";
import { build, type Plugin, parseSync, type ResolvedConfig, type Rolldown } from "vite";

/** The import suffix that asks for a module's script text. */
export const INLINE_SCRIPT_QUERY = "?inline-script";

const ENTRY = "\0inline-script-entry";

/** The name standing for argument `index` in the minified text, replaced by the argument's literal. */
const placeholder = (index: number) => `__inline_script_argument_${index}__`;
const PLACEHOLDER = /__inline_script_argument_(\d+)__/;

/** How many parameters the module's default function takes. */
function defaultFunctionArity(file: string, source: string): number {
  const { program } = parseSync(file, source);
  for (const statement of program.body) {
    if (statement.type !== "ExportDefaultDeclaration") continue;
    const declaration = statement.declaration;
    if (
      declaration.type === "FunctionDeclaration" ||
      declaration.type === "FunctionExpression" ||
      declaration.type === "ArrowFunctionExpression"
    )
      return declaration.params.length;
  }
  throw new Error(`${file}: a module imported with ${INLINE_SCRIPT_QUERY} exports its script as its default function`);
}

interface BuiltScript {
  /** The module Vite serves for the import. */
  code: string;
  /** The files the script was built from, to rebuild it when one changes. */
  files: string[];
}

/**
 * The minified text of `run(arg0, arg1, …)` with the module's default function
 * as `run`, bundled on its own with the app's aliases for the build's target
 * browsers, and the module that fills in the arguments.
 */
async function buildScript(file: string, config: ResolvedConfig): Promise<BuiltScript> {
  const arity = defaultFunctionArity(file, await readFile(file, "utf8"));
  const placeholders = Array.from({ length: arity }, (_, index) => placeholder(index));
  const entry = `import run from ${JSON.stringify(file)};\nrun(${placeholders.join(", ")});\n`;
  const output = await build({
    configFile: false,
    envDir: false,
    root: config.root,
    mode: config.mode,
    logLevel: "warn",
    publicDir: false,
    resolve: { alias: config.resolve.alias },
    plugins: [
      {
        name: "inline-script-entry",
        resolveId: (id) => (id === ENTRY ? ENTRY : null),
        load: (id) => (id === ENTRY ? entry : null),
      },
    ],
    build: {
      write: false,
      minify: true,
      target: config.build.target,
      copyPublicDir: false,
      rolldownOptions: { input: ENTRY, output: { format: "iife" } },
    },
  });
  const chunk = (Array.isArray(output) ? output : [output as Rolldown.RolldownOutput])
    .flatMap(({ output: files }) => files)
    .find((item): item is Rolldown.OutputChunk => item.type === "chunk");
  if (!chunk) throw new Error(`${file}: the build of its inline script gave no code`);
  const text = chunk.code.trim().replace(/;$/, "");
  // The text goes into a `<script>` element as it is: nothing in it may end the element or open a comment.
  if (/<\/script|<!--/i.test(text)) throw new Error(`${file}: its inline script's text would end the <script> element`);
  const parts = text.split(PLACEHOLDER);
  // Each argument must be used once: a minifier that copied or dropped one would change the script.
  const used = parts.filter((_, index) => index % 2 === 1);
  if (used.length !== arity || new Set(used).size !== arity)
    throw new Error(`${file}: its inline script does not use each of its ${arity} arguments once`);
  const expression = parts
    .map((part, index) => (index % 2 === 0 ? JSON.stringify(part) : `literal(values[${part}])`))
    .join(" + ");
  return {
    code: [
      "const literal = (value) => value === undefined ? 'void 0' : JSON.stringify(value).replace(/</g, '\\\\u003c');",
      `export default (...values) => ${expression};`,
      "",
    ].join("\n"),
    files: chunk.moduleIds.filter((id) => !id.startsWith("\0")),
  };
}

/** The Vite plugin that answers `?inline-script` imports (see above). */
export function inlineScripts(): Plugin {
  let config: ResolvedConfig;
  /** Each script's virtual module and the files it was built from, to rebuild it when one changes. */
  const sources = new Map<string, string[]>();
  return {
    name: "inline-scripts",
    enforce: "pre",
    configResolved(resolved) {
      config = resolved;
    },
    async resolveId(source, importer) {
      if (!source.endsWith(INLINE_SCRIPT_QUERY)) return null;
      const resolved = await this.resolve(source.slice(0, -INLINE_SCRIPT_QUERY.length), importer, { skipSelf: true });
      // Virtual (`\0`), and ending in the query rather than in the file's name: the build's chunk
      // groups pick modules by name (vite.config.ts), and the text must stay out of the browser's.
      return resolved ? `\0${resolved.id}${INLINE_SCRIPT_QUERY}` : null;
    },
    async load(id) {
      if (!id.startsWith("\0") || !id.endsWith(INLINE_SCRIPT_QUERY)) return null;
      const script = await buildScript(id.slice(1, -INLINE_SCRIPT_QUERY.length), config);
      sources.set(id, script.files);
      for (const file of script.files) this.addWatchFile(file);
      return { code: script.code, moduleSideEffects: false };
    },
    // Development: a change to a script's module, or to a module it imports, rebuilds its text.
    hotUpdate({ file }) {
      for (const [id, files] of sources) {
        if (!files.includes(file)) continue;
        const module = this.environment.moduleGraph.getModuleById(id);
        if (module) this.environment.moduleGraph.invalidateModule(module);
      }
    },
  };
}
