/**
 * Which folder may import which (docs/architecture.md, decision 040), and no
 * import circle between files, type-only imports included. Run by
 * `npm run lint`. TypeScript is parsed with swc: dependency-cruiser's own
 * TypeScript support needs a `typescript` package older than 7.
 */

/** A rule: files under `from` may import, besides packages and Node's own modules, only files under `allowed`. */
function onlyImports(name, from, allowed, comment) {
  return {
    name,
    comment,
    severity: "error",
    from: { path: `^${from}` },
    // Packages (resolved into node_modules/), Node's own modules, and React
    // Router's generated route types (`./+types/…`, not on disk until typegen).
    to: {
      dependencyTypesNot: ["core"],
      couldNotResolve: false,
      pathNot: `^(node_modules/|${allowed.join("|")})`,
    },
  };
}

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment:
        "An import circle between files, type-only imports included: move what both sides need where both can import it.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    onlyImports(
      "app-is-self-contained",
      "app/",
      ["app/", "public/"],
      "The application imports only itself (and the static files it inlines).",
    ),
    onlyImports(
      "app-bottom",
      "app/(i18n|content|lib)/",
      ["app/(i18n|content|lib|assets)/", "app/site\\.config\\.ts$", "public/"],
      "Inside the app, the strings, the content and the pure helpers of lib/ are the bottom: they import one another, the assets and the site's config, never a component, a route, the routing, the first paint or the server.",
    ),
    {
      name: "services-handed-in",
      comment:
        "The domain takes the server's services (and every other value of a request) as arguments: only the request's wiring, the routes, the document's render and the admin guard's middleware, reads React Router's context (decision 076).",
      severity: "error",
      from: {
        path: "^app/(server|components|lib|content|i18n|first-paint|routing)/",
        pathNot: "^app/server/(services|request-context)\\.server\\.ts$|^app/server/auth/guard\\.server\\.ts$",
      },
      to: { path: "^app/server/request-context\\.server\\.ts$" },
    },
    onlyImports(
      "config",
      "config/",
      ["config/", "app/"],
      "The configuration reads the environment; it knows the app's types, nothing of the server.",
    ),
    onlyImports(
      "http-server",
      "http-server/",
      ["http-server/", "app/", "config/"],
      "The HTTP layer: the app and the configuration, never the process around it.",
    ),
    onlyImports(
      "backups",
      "backups/",
      ["backups/", "app/", "config/"],
      "Backups: the app's database and storage, and the configuration.",
    ),
    onlyImports(
      "runtime",
      "runtime/",
      ["runtime/", "app/", "config/", "http-server/", "backups/"],
      "The process: it puts the HTTP layer and the backups to work.",
    ),
    onlyImports(
      "build-steps",
      "tools/build/",
      ["tools/build/", "app/", "config/", "runtime/", "http-server/", "public/"],
      "Build steps: they make what the server serves (with its names for encodings), never a test.",
    ),
    onlyImports(
      "commands",
      "tools/commands/",
      ["tools/", "app/", "config/", "runtime/", "backups/", "bench/", "deploy/"],
      "Operator and developer commands: what an operator runs, never a test or its harness (the fake GitHub of the local demo commands is in tools/fake-github/).",
    ),
    onlyImports(
      "tools-shared",
      "tools/(fake-github|processes)/",
      ["tools/(fake-github|processes)/"],
      "What the commands, the bench and the tests share (the fake GitHub, starting a process, a free port) stands alone.",
    ),
    onlyImports(
      "bench",
      "bench/",
      ["bench/", "app/", "config/", "runtime/", "http-server/", "backups/", "tools/", "tests/harness/", "deploy/"],
      "The bench measures the site; of the tests it uses only the harnesses.",
    ),
    onlyImports(
      "harness",
      "tests/harness/",
      ["tests/harness/", "app/", "config/", "runtime/", "http-server/", "backups/", "tools/", "bench/"],
      "Test harnesses serve the tests; they import no test.",
    ),
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|build|\\.react-router|public|drizzle|docs|data|test-results|playwright-report)" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
  },
};
