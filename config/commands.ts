/**
 * The variables of the operator and developer commands (tools/commands/),
 * each command's in a schema of its own that turns them into the settings it
 * uses, defaults included: the commands read nothing else from the
 * environment, and the guide (docs/configuration.md) gives each its section.
 * A server variable a command reads is the server's own entry, picked from
 * config/schema.ts, never written again.
 */
import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import path from "node:path";
import { z } from "zod";
import { serverShape } from "./schema.ts";
import { optional, port, portList, text, wholeNumber, withDefault } from "./variables.ts";

/** The nginx the cluster and the bench start: their one variable in common. */
export const nginxShape = {
  NGINX_PATH: optional(text("a file"), {
    group: "cluster",
    default: "`nginx` on `PATH`, else `/usr/sbin/nginx`",
    meaning: "the nginx `npm run cluster` and the bench start",
  }),
};

/** `npm run cluster`'s own variables; the server variables it reads are the server's. */
export const clusterShape = {
  CLUSTER_PORT: withDefault(port(), 8080, {
    group: "cluster",
    meaning: "the port nginx listens on (loopback); the servers' `PUBLIC_URL` is `http://127.0.0.1:$CLUSTER_PORT`",
  }),
  CLUSTER_SERVER_PORTS: withDefault(portList(), [3001, 3002], {
    group: "cluster",
    meaning: "the ports of the servers nginx balances (one server per port)",
  }),
  CLUSTER_DATA_DIR: optional(text("a directory"), {
    group: "cluster",
    default: "a new temporary directory (removed after the cluster's checks)",
    meaning: "the data directory the servers share",
  }),
  CLUSTER_PG_PORT: withDefault(port(), 55433, {
    group: "cluster",
    meaning: "without `DATABASE_URL`: the port of the throwaway PostgreSQL it starts (and stops)",
  }),
  CLUSTER_PG_DIR: withDefault(text("a directory"), path.join(tmpdir(), "portfolio-cluster-pg"), {
    group: "cluster",
    default: "`portfolio-cluster-pg` in the temporary directory (`/tmp`)",
    meaning: "without `DATABASE_URL`: the data directory of that throwaway PostgreSQL",
  }),
  KILL_SEED: optional(wholeNumber(), {
    group: "cluster",
    default: "random",
    meaning:
      "the cluster's kill check (`node tests/harness/cluster-checks.ts --kill`, run by the suite): the seed of the " +
      "writers' choices (printed; replays a run)",
  }),
  ...nginxShape,
};

/**
 * `npm run cluster`'s settings. Server variables set in its environment are
 * passed on to every server; these four have the cluster's own defaults.
 */
export const clusterSettings = z
  .object({
    ...clusterShape,
    BUILD_DIR: serverShape.BUILD_DIR,
    DATABASE_URL: serverShape.DATABASE_URL,
    PUBLIC_URL: serverShape.PUBLIC_URL,
    STORAGE_DRIVER: serverShape.STORAGE_DRIVER.removeDefault().optional(),
    WEB_CONCURRENCY: serverShape.WEB_CONCURRENCY.removeDefault().optional(),
    CONTACT_SECRET: serverShape.CONTACT_SECRET,
  })
  .transform((values) => ({
    buildDir: values.BUILD_DIR,
    port: values.CLUSTER_PORT,
    serverPorts: values.CLUSTER_SERVER_PORTS,
    /** Undefined: a new temporary directory. */
    dataDir: values.CLUSTER_DATA_DIR,
    /** Undefined: a throwaway PostgreSQL is started at `postgres`. */
    databaseUrl: values.DATABASE_URL,
    postgres: { port: values.CLUSTER_PG_PORT, dir: values.CLUSTER_PG_DIR },
    killSeed: values.KILL_SEED ?? Math.floor(Math.random() * 2_147_483_647),
    /** Undefined: looked up on PATH and in the usual places. */
    nginxPath: values.NGINX_PATH,
    /** What every server is started with, over the environment it inherits. */
    servers: {
      PUBLIC_URL: values.PUBLIC_URL ?? `http://127.0.0.1:${values.CLUSTER_PORT}`,
      STORAGE_DRIVER: values.STORAGE_DRIVER ?? "postgres",
      // Each server stands for one machine of one process, unless asked otherwise.
      WEB_CONCURRENCY: String(values.WEB_CONCURRENCY ?? 1),
      // One secret for all, or a contact form started on one server fails on another.
      CONTACT_SECRET: values.CONTACT_SECRET ?? randomBytes(32).toString("hex"),
    },
  }));

/** What `npm run dev` and `npm run serve:local` read of their own. */
export const localSignInShape = {
  FAKE_GITHUB_PORT: withDefault(port(), 3999, {
    group: "local",
    meaning:
      "`npm run dev` and `npm run serve:local`: the port of the local fake GitHub they sign in against " +
      "(`npm run serve:local` refuses a `PUBLIC_URL` that is not loopback)",
  }),
};

/**
 * `npm run dev`'s and `npm run serve:local`'s settings: the fake GitHub's
 * port, and the server variables they fill in for signing in against it.
 */
export const localSignInSettings = z
  .object({
    ...localSignInShape,
    NODE_ENV: serverShape.NODE_ENV,
    HOST: serverShape.HOST.removeDefault().optional(),
    GITHUB_CLIENT_ID: serverShape.GITHUB_CLIENT_ID,
    GITHUB_CLIENT_SECRET: serverShape.GITHUB_CLIENT_SECRET,
    AUTHOR_GITHUB_LOGINS: serverShape.AUTHOR_GITHUB_LOGINS,
  })
  .transform((values) => ({
    fakeGitHubPort: values.FAKE_GITHUB_PORT,
    production: values.NODE_ENV === "production",
    /** Whether a GitHub OAuth app is configured: `npm run dev` then signs in against it. */
    github: Boolean(values.GITHUB_CLIENT_ID || values.GITHUB_CLIENT_SECRET),
    /** Loopback unless HOST says otherwise: the fake GitHub lets anyone who reaches the site sign in. */
    host: values.HOST ?? "127.0.0.1",
    /** AUTHOR_GITHUB_LOGINS as given; undefined: the fake GitHub's authors. */
    authorLogins: values.AUTHOR_GITHUB_LOGINS.length > 0 ? values.AUTHOR_GITHUB_LOGINS.join(",") : undefined,
  }));

/** What the build's font step reads (tools/build/subset-fonts.ts). */
export const fontShape = {
  PYTHON: withDefault(text("a command"), "python3", {
    group: "build",
    meaning:
      "the Python `node tools/build/subset-fonts.ts` runs `tools/build/font-grid.py` with; it needs fontTools " +
      "with Brotli (Debian: `python3-fonttools python3-brotli`)",
  }),
};

/** The font step's settings. */
export const fontSettings = z.object(fontShape).transform((values) => ({ python: values.PYTHON }));

/** `npm run observatory`'s own variable. */
export const observatoryShape = {
  OBSERVATORY_DIR: optional(text("a directory"), {
    group: "observatory",
    default: "`~/.cache/portfolio/observatory-{hash}`",
    meaning:
      "where the scanner (`tools/commands/observatory/`'s lock file) is installed on first use, with " +
      "`npm ci --ignore-scripts`",
  }),
};

/** `npm run observatory`'s settings: the build it serves, the nginx in front, where its scanner lives. */
export const observatorySettings = z
  .object({ ...observatoryShape, ...nginxShape, BUILD_DIR: serverShape.BUILD_DIR })
  .transform((values) => ({
    buildDir: values.BUILD_DIR,
    /** Undefined: nginx on PATH or in the usual places. */
    nginxPath: values.NGINX_PATH,
    /** Undefined: a directory of the user's cache named after the lock file's hash. */
    scannerDir: values.OBSERVATORY_DIR,
  }));

/** What `npm run cluster` works with. */
export type ClusterSettings = z.output<typeof clusterSettings>;
