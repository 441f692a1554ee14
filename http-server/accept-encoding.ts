/**
 * Content negotiation for compressed responses: which of the encodings the
 * server holds a body in the client accepts best, per its Accept-Encoding;
 * and the one way those bodies are compressed, by the build and the server.
 */
import { promisify } from "node:util";
import zlib from "node:zlib";

export type Encoding = "br" | "gzip";

/** The file-name suffix of a precompressed copy in each encoding. */
export const CODING_SUFFIX: Readonly<Record<Encoding, string>> = { br: ".br", gzip: ".gz" };

interface Preference {
  /** q-value per coding the header names (lower-cased). */
  q: Map<string, number>;
  /** q-value of `*`, when present: applies to codings not named. */
  wildcard: number | undefined;
}

function parse(header: string): Preference {
  const q = new Map<string, number>();
  let wildcard: number | undefined;
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.split(";").map((piece) => piece.trim());
    const coding = name.toLowerCase();
    if (coding === "") continue;
    let weight = 1;
    for (const param of params) {
      const match = /^q=([0-9.]+)$/i.exec(param);
      if (match) weight = Math.min(1, Number(match[1]) || 0);
    }
    if (coding === "*") wildcard = weight;
    else q.set(coding === "x-gzip" ? "gzip" : coding, weight);
  }
  return { q, wildcard };
}

/**
 * The best encoding among `available` that the client accepts, in the
 * order given when the client weighs them equally; `identity` when it accepts
 * none of them (or sent no header).
 * @example preferredEncoding("gzip, deflate, br", ["br", "gzip"]) // "br"
 * @example preferredEncoding("br;q=0.5, gzip", ["br", "gzip"]) // "gzip"
 */
export function preferredEncoding(
  header: string | undefined,
  available: readonly Encoding[] = ["br", "gzip"],
): Encoding | "identity" {
  if (!header) return "identity";
  const preference = parse(header);
  let best: Encoding | "identity" = "identity";
  let bestQ = 0;
  for (const encoding of available) {
    const weight = preference.q.get(encoding) ?? preference.wildcard ?? 0;
    if (weight > bestQ) {
      best = encoding;
      bestQ = weight;
    }
  }
  return best;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Brotli at its best (quality 11, text mode): what the build writes beside each text file. */
export function brotliMax(data: Buffer): Promise<Buffer> {
  return brotli(data, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
}

/** gzip at level 9: what the build writes beside each text file. */
export function gzipMax(data: Buffer): Promise<Buffer> {
  return gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION });
}

/** gzipMax, at once: about a millisecond for a page. */
export function gzipMaxSync(data: Buffer): Buffer {
  return zlib.gzipSync(data, { level: zlib.constants.Z_BEST_COMPRESSION });
}
