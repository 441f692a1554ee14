/**
 * The page's inline scripts (the head script, the page script's loader) are
 * written as ordinary modules, checked by the typechecker like the rest of the
 * app: each exports its script as its default function. Importing such a
 * module with `?inline-script` gives, instead of the module, a function that
 * returns the script's text as the page must carry it: the module bundled
 * with what it imports (constants of the app, written in), as its function
 * called at once, minified, with the arguments given written in as literals
 * (`inline-scripts.ts`).
 *
 * Minified code compresses worse than the hand-written text these scripts
 * once were (mangled names and the minifier's idioms are not in brotli's
 * dictionary): the text is shaped to win that back. Constants are written
 * in, a `boolean` parameter yields one text per value so that the branch not
 * taken is dropped, no wrapper is left around the function, and strings are
 * in double quotes like the page around them. When they replaced the
 * hand-written scripts, the home page's compressed document came out 11 bytes
 * smaller, with a tenth fewer characters in the two scripts.
 *
 * The text is made when Vite loads the import: by the build (both the
 * server's and the browser's bundles; the browser's drops it, as only the
 * server renders it), by the development server and by Vitest, so the tests
 * run the very text a page carries. The CSP allows it by its hash or the
 * response's nonce like any inline script (http-server/static-pages.ts).
 */
import { readFile } from "node:fs/promises";
import { build, type ESTree, minify, type Plugin, parseSync, type ResolvedConfig, type Rolldown } from "vite";

/** The import suffix that asks for a module's script text. */
export const INLINE_SCRIPT_QUERY = "?inline-script";

const ENTRY = "\0inline-script-entry";

/** The name standing for argument `index` in the minified text, replaced by the argument's literal. */
const placeholder = (index: number) => `__inline_script_argument_${index}__`;
const PLACEHOLDER = /__inline_script_argument_(\d+)__/;

/** For each parameter of the module's default function, whether it is declared `boolean`. */
function defaultFunctionParameters(file: string, source: string): boolean[] {
  const { program } = parseSync(file, source);
  for (const statement of program.body) {
    if (statement.type !== "ExportDefaultDeclaration") continue;
    const declaration = statement.declaration;
    if (declaration.type === "FunctionDeclaration" || declaration.type === "FunctionExpression")
      return declaration.params.map((param) => {
        const annotation = "typeAnnotation" in param ? param.typeAnnotation : undefined;
        return annotation?.typeAnnotation.type === "TSBooleanKeyword";
      });
  }
  throw new Error(`${file}: a module imported with ${INLINE_SCRIPT_QUERY} exports its script as its default function`);
}

/**
 * Plain strings in double quotes: the minifier writes every string as a
 * template literal, and the page around the script is full of double quotes,
 * which brotli then finds again (about 20 bytes a page).
 */
function doubleQuoted(code: string): string {
  const spans: [start: number, end: number, text: string][] = [];
  const visit = (node: unknown, parent: { type?: unknown } | undefined): void => {
    if (!node || typeof node !== "object") return;
    if (Array.isArray(node)) {
      for (const item of node) visit(item, parent);
      return;
    }
    const candidate = node as ESTree.TemplateLiteral;
    if (candidate.type === "TemplateLiteral" && parent?.type !== "TaggedTemplateExpression") {
      const cooked = candidate.quasis[0]?.value.cooked;
      if (candidate.expressions.length === 0 && typeof cooked === "string" && !/["\\\n\r\u2028\u2029]/.test(cooked))
        spans.push([candidate.start, candidate.end, JSON.stringify(cooked)]);
    }
    for (const value of Object.values(node)) visit(value, node as { type?: unknown });
  };
  visit(parseSync("script.js", code).program, undefined);
  let quoted = code;
  for (const [start, end, text] of spans.sort((a, b) => b[0] - a[0]))
    quoted = `${quoted.slice(0, start)}${text}${quoted.slice(end)}`;
  return quoted;
}

interface Bundle {
  /**
   * The module's code and what it imports, as one script that calls its
   * function at once: `constants` (a parameter's index → a value's source)
   * declared inside it, each other parameter given the next of `args`.
   */
  script: (args: readonly string[], constants: ReadonlyMap<number, string>) => string;
  /** The files it was built from, to rebuild it when one changes. */
  files: string[];
}

/** The names a statement declares in its scope; undefined when it declares a pattern. */
function declaredNames(
  statement: ESTree.Statement | ESTree.Directive | ESTree.ModuleDeclaration,
): string[] | undefined {
  if (statement.type === "VariableDeclaration") {
    const names = statement.declarations.map((declaration) =>
      declaration.id.type === "Identifier" ? declaration.id.name : undefined,
    );
    return names.every((name) => name !== undefined) ? (names as string[]) : undefined;
  }
  if ((statement.type === "FunctionDeclaration" || statement.type === "ClassDeclaration") && statement.id)
    return [statement.id.name];
  return [];
}

/** Whether a function body declares a `var` anywhere (such a name belongs to the whole function). */
function declaresVar(node: unknown): boolean {
  if (!node || typeof node !== "object") return false;
  if (Array.isArray(node)) return node.some(declaresVar);
  const { type, kind } = node as { type?: unknown; kind?: unknown };
  if (type === "VariableDeclaration" && kind === "var") return true;
  // A nested function's `var` is its own.
  if (type === "FunctionDeclaration" || type === "FunctionExpression" || type === "ArrowFunctionExpression")
    return false;
  return Object.values(node).some(declaresVar);
}

/** A parameter's name; undefined for a pattern. */
function parameterName(param: ESTree.ParamPattern): string | undefined {
  if (param.type === "Identifier") return param.name;
  if (param.type === "AssignmentPattern" && param.left.type === "Identifier") return param.left.name;
  return undefined;
}

/**
 * The module with what it imports, as plain JavaScript for the build's
 * browsers, imported constants written in where they are used, and the
 * script made of it: the function called at once, with the module's other
 * top-level code (its own constants) at the start of its body, so that the
 * minifier writes those in too. Where a name would then clash, that code
 * stays outside, around the call, in a function of its own.
 */
async function bundle(file: string, config: ResolvedConfig): Promise<Bundle> {
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
        load: (id) => (id === ENTRY ? `export { default } from ${JSON.stringify(file)};\n` : null),
      },
    ],
    build: {
      write: false,
      minify: false,
      target: config.build.target,
      copyPublicDir: false,
      rolldownOptions: {
        input: ENTRY,
        // The default export is the point: an application build would drop an entry's exports.
        preserveEntrySignatures: "strict",
        optimization: { inlineConst: { mode: "all", pass: 3 } },
        output: { format: "es" },
      },
    },
  });
  const chunk = (Array.isArray(output) ? output : [output as Rolldown.RolldownOutput])
    .flatMap(({ output: files }) => files)
    .find((item): item is Rolldown.OutputChunk => item.type === "chunk");
  if (!chunk) throw new Error(`${file}: the build of its inline script gave no code`);
  const { code } = chunk;
  const body = parseSync("bundle.js", code).program.body;
  const exported = body.flatMap((statement) =>
    statement.type === "ExportNamedDeclaration"
      ? statement.specifiers.filter(
          (specifier) => specifier.exported.type === "Identifier" && specifier.exported.name === "default",
        )
      : [],
  )[0];
  const name = exported?.local.type === "Identifier" ? exported.local.name : undefined;
  const run = body.find((statement) => statement.type === "FunctionDeclaration" && statement.id?.name === name);
  if (!name || !run) throw new Error(`${file}: the build of its inline script lost its default function`);
  if (run.type !== "FunctionDeclaration" || !run.body) throw new Error(`${file}: its default export is no function`);
  const source = (node: { start: number; end: number }) => code.slice(node.start, node.end);
  const rest = body.filter((statement) => statement !== run && statement.type !== "ExportNamedDeclaration");
  const params = run.params.map((param) => ({ name: parameterName(param), text: source(param) }));
  const restNames = rest.map(declaredNames);
  const ownNames = [...run.body.body.map(declaredNames), params.map((param) => param.name)];
  const known = (lists: (readonly (string | undefined)[] | undefined)[]) =>
    lists.every((list) => list?.every((item) => item !== undefined));
  const outside = new Set(restNames.flat());
  const hoist =
    known(restNames) &&
    known(ownNames) &&
    !declaresVar(run.body.body) &&
    !ownNames.flat().some((item) => item && outside.has(item));
  const inner = code.slice(run.body.start + 1, run.body.end - 1);
  const restSource = rest.map(source).join("\n");
  return {
    script: (args, constants) => {
      const declared = [...constants].map(([index, value]) => {
        const param = params[index]?.name;
        if (!param) throw new Error(`${file}: parameter ${index} of its default function cannot be written in`);
        return `const ${param} = ${value};`;
      });
      const kept = params.filter((_, index) => !constants.has(index)).map((param) => param.text);
      const fn = `function(${kept.join(", ")}){${declared.join("\n")}\n${hoist ? restSource : ""}\n${inner}}`;
      return hoist ? `(${fn})(${args.join(", ")});` : `(function(){${restSource}\n(${fn})(${args.join(", ")})})();`;
    },
    files: chunk.moduleIds.filter((id) => !id.startsWith("\0")),
  };
}

interface BuiltScript {
  /** The module Vite serves for the import. */
  code: string;
  /** The files the script was built from, to rebuild it when one changes. */
  files: string[];
}

/**
 * The module that gives the script's text for given arguments. Arguments are
 * written in as literals where the minified text has a placeholder. A
 * `boolean` parameter is written in before minifying instead, one text for
 * each value, so the branch not taken leaves the text (the page script's
 * loader carries no module branch in production).
 */
async function buildScript(file: string, config: ResolvedConfig): Promise<BuiltScript> {
  const booleans = defaultFunctionParameters(file, await readFile(file, "utf8"));
  const flags = booleans.flatMap((isBoolean, index) => (isBoolean ? [index] : []));
  if (flags.length > 2) throw new Error(`${file}: an inline script takes at most two boolean parameters`);
  const { script, files } = await bundle(file, config);
  const variants: string[] = [];
  for (let variant = 0; variant < 2 ** flags.length; variant++) {
    const constants = new Map(flags.map((index, bit) => [index, String(((variant >> bit) & 1) === 1)]));
    const args = booleans.flatMap((isBoolean, index) => (isBoolean ? [] : [placeholder(index)]));
    const minified = await minify("script.js", script(args, constants), {
      compress: { target: config.build.target || "esnext" },
      mangle: true,
    });
    if (minified.errors.length) throw new Error(`${file}: ${minified.errors.map((error) => error.message).join("; ")}`);
    const text = doubleQuoted(minified.code.trim()).replace(/;$/, "");
    // The text goes into a `<script>` element as it is: nothing in it may end the element or open a comment.
    if (/<\/script|<!--/i.test(text))
      throw new Error(`${file}: its inline script's text would end the <script> element`);
    const parts = text.split(PLACEHOLDER);
    // Each argument must be used once: a minifier that copied or dropped one would change the script.
    const used = parts.filter((_, index) => index % 2 === 1);
    const expected = booleans.length - flags.length;
    if (used.length !== expected || new Set(used).size !== expected)
      throw new Error(`${file}: its inline script does not use each of its ${expected} arguments once`);
    variants.push(
      parts.map((part, index) => (index % 2 === 0 ? JSON.stringify(part) : `literal(values[${part}])`)).join(" + "),
    );
  }
  const choice = flags.map((index, bit) => `(values[${index}] ? ${2 ** bit} : 0)`).join(" + ") || "0";
  return {
    code: [
      "const literal = (value) => value === undefined ? 'void 0' : JSON.stringify(value).replace(/</g, '\\\\u003c');",
      `const variants = [${variants.map((variant) => `(values) => ${variant}`).join(", ")}];`,
      `export default (...values) => variants[${choice}](values);`,
      "",
    ].join("\n"),
    files,
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
