/** PostgreSQL's error codes the app reacts to. */
export const UNIQUE_VIOLATION = "23505";
export const FOREIGN_KEY_VIOLATION = "23503";

/**
 * The SQLSTATE code of a database error, whichever driver raised it: Drizzle
 * wraps driver errors and keeps the original as `cause`.
 * @example pgErrorCode(error) === UNIQUE_VIOLATION
 */
export function pgErrorCode(error: unknown): string | undefined {
  const seen = error as { code?: string; cause?: { code?: string } } | null;
  return seen?.cause?.code ?? seen?.code;
}
