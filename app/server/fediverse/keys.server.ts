/**
 * Each actor's key pairs, made once and kept in the database so every server
 * signs with the same keys: RSA (draft-cavage and RFC 9421 signatures, what
 * Mastodon verifies) and Ed25519 (object integrity proofs). Two servers
 * starting at once make one pair each: the first insert wins, the other
 * reads it back.
 */
import { exportJwk, generateCryptoKeyPair, importJwk } from "@fedify/fedify";
import { and, eq } from "drizzle-orm";
import type { Lang } from "../../i18n/paths.ts";
import type { Database } from "../db/client.server.ts";
import { fediverseKeys } from "../db/schema.ts";

export const KEY_ALGORITHMS = ["RSASSA-PKCS1-v1_5", "Ed25519"] as const;
export type KeyAlgorithm = (typeof KEY_ALGORITHMS)[number];

/**
 * The key pairs read, per database and then by `lang:algorithm`: a process that opens several databases (the
 * tests, one after another) signs for each with that database's own keys.
 */
const cache = new WeakMap<Database, Map<string, Promise<CryptoKeyPair>>>();

async function loadOrMake(db: Database, lang: Lang, algorithm: KeyAlgorithm): Promise<CryptoKeyPair> {
  const read = async () =>
    (
      await db
        .select()
        .from(fediverseKeys)
        .where(and(eq(fediverseKeys.lang, lang), eq(fediverseKeys.algorithm, algorithm)))
    )[0];
  let row = await read();
  if (!row) {
    const pair = await generateCryptoKeyPair(algorithm);
    await db
      .insert(fediverseKeys)
      .values({
        lang,
        algorithm,
        privateJwk: JSON.stringify(await exportJwk(pair.privateKey)),
        publicJwk: JSON.stringify(await exportJwk(pair.publicKey)),
      })
      .onConflictDoNothing();
    row = await read();
    if (!row) throw new Error(`The ${algorithm} key of the ${lang} actor could not be stored`);
  }
  return {
    privateKey: await importJwk(JSON.parse(row.privateJwk), "private"),
    publicKey: await importJwk(JSON.parse(row.publicJwk), "public"),
  };
}

/** The actor's key pairs, RSA then Ed25519, made the first time they are asked for. */
export async function actorKeyPairs(db: Database, lang: Lang): Promise<CryptoKeyPair[]> {
  const pairs = cache.get(db) ?? new Map<string, Promise<CryptoKeyPair>>();
  cache.set(db, pairs);
  return Promise.all(
    KEY_ALGORITHMS.map((algorithm) => {
      const key = `${lang}:${algorithm}`;
      let pair = pairs.get(key);
      if (!pair) {
        pair = loadOrMake(db, lang, algorithm);
        pair.catch(() => pairs.delete(key));
        pairs.set(key, pair);
      }
      return pair;
    }),
  );
}
