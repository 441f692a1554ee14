/**
 * The contact form's server-side secret and what it keys: the signature of
 * the form's start-time cookie and the salt of stored IP hashes. Set
 * CONTACT_SECRET when several servers share one database, so they agree;
 * otherwise one random secret is kept in the data directory.
 */
import { createHmac, randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const SECRET_FILE = "contact-secret";

/**
 * The configured secret, or the one persisted in `dataDir` (created on first
 * start), so cookies and IP hashes stay valid across restarts.
 * @example loadContactSecret(undefined, "./data")
 */
export function loadContactSecret(configured: string | undefined, dataDir: string): Buffer {
  if (configured) return Buffer.from(configured, "utf8");
  const file = path.join(dataDir, SECRET_FILE);
  try {
    return Buffer.from(readFileSync(file, "utf8").trim(), "hex");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const secret = randomBytes(32);
  mkdirSync(dataDir, { recursive: true });
  try {
    // `wx` fails if another process wrote it first; then theirs is the one to use.
    writeFileSync(file, secret.toString("hex"), { flag: "wx", mode: 0o600 });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return Buffer.from(readFileSync(file, "utf8").trim(), "hex");
  }
}

/** An HMAC-SHA256 of `value`, bound to one purpose so a signature of one kind never passes as another. */
export function keyedHash(secret: Buffer, purpose: string, value: string): string {
  return createHmac("sha256", secret).update(`${purpose}\n${value}`).digest("base64url");
}

/** The stored stand-in for a sender's IP address: stable per address, useless without the secret. */
export function hashIp(secret: Buffer, ip: string): string {
  return keyedHash(secret, "contact-ip", ip);
}
