/**
 * Reading a schema's variables from the environment, the one way every
 * reader does it (the server, the build, the operator commands, the bench):
 * a blank value is unset, every wrong variable gets one line naming it, and
 * a command ends with those lines instead of a stack.
 */
import { z } from "zod";
import { guide } from "./variables.ts";

/**
 * A configuration that cannot be used: one line per wrong variable, each
 * naming it, its value (never a secret's) and what it may be.
 */
export class ConfigError extends Error {
  readonly lines: readonly string[];
  constructor(lines: string | readonly string[]) {
    const all = typeof lines === "string" ? [lines] : lines;
    super(all.join("\n"));
    this.lines = all;
  }
}

/** The variables of a schema and the settings it makes of them: an object of variables, maybe transformed. */
export type VariablesSchema = z.ZodObject | z.ZodPipe<z.ZodObject, z.ZodType>;

/** The variables a schema reads, by name. */
function shapeOf(schema: VariablesSchema): Record<string, z.ZodType> {
  return schema instanceof z.ZodPipe ? schema.in.shape : schema.shape;
}

/**
 * The variables of `shape` as the schema reads them: a blank value is
 * unset, and surrounding spaces go (a secret's are its own).
 */
function environmentFor(env: NodeJS.ProcessEnv, shape: Record<string, z.ZodType>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, schema] of Object.entries(shape)) {
    const raw = env[name];
    if (raw === undefined || raw.trim() === "") continue;
    values[name] = guide.get(schema)?.secret ? raw : raw.trim();
  }
  return values;
}

/**
 * A schema's settings from the environment, or a ConfigError naming every problem, one line each.
 * @example readSettings(clusterSettings, { CLUSTER_PORT: "8081" }).port // 8081
 */
export function readSettings<T extends VariablesSchema>(schema: T, env: NodeJS.ProcessEnv = process.env): z.output<T> {
  const result = schema.safeParse(environmentFor(env, shapeOf(schema)));
  if (result.success) return result.data as z.output<T>;
  throw new ConfigError(result.error.issues.map((issue) => `${String(issue.path[0] ?? "")}: ${issue.message}`));
}

/**
 * Prints a configuration error as every command does, one line per problem,
 * and ends the process; anything else is thrown on.
 */
export function exitOnConfigError(error: unknown): never {
  if (!(error instanceof ConfigError)) throw error;
  for (const line of error.lines) console.error(`Configuration error: ${line}`);
  process.exit(1);
}

/**
 * A command's settings, or the process ends naming every wrong variable: for a command's entry.
 * @example const settings = settingsOrExit(clusterSettings);
 */
export function settingsOrExit<T extends VariablesSchema>(
  schema: T,
  env: NodeJS.ProcessEnv = process.env,
): z.output<T> {
  try {
    return readSettings(schema, env);
  } catch (error) {
    return exitOnConfigError(error);
  }
}
