/**
 * Checks an uploaded cover by its bytes, never by its name or declared type,
 * and re-encodes it: orientation applied, metadata (EXIF, GPS, ICC comments)
 * dropped, size capped. What is stored is an image we made, not the upload.
 * The image libraries (sharp's native libvips, file-type) load with the first
 * upload, not with the server: most processes never receive one.
 */
import type { Metadata } from "sharp";
import { MAX_UPLOAD_BYTES } from "../../lib/upload-limits.ts";

export { MAX_UPLOAD_BYTES };
/** Decoding more pixels than this is refused before any is decoded. */
export const MAX_INPUT_MEGAPIXELS = 40;
/** Covers are never wider or taller than this once stored. */
const MAX_EDGE = 2400;

const formats = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/avif": "avif",
  "image/gif": "gif",
} as const;
type AcceptedType = keyof typeof formats;

export type CoverResult =
  | { ok: true; data: Buffer; extension: (typeof formats)[AcceptedType]; width: number; height: number }
  | { ok: false; reason: "empty" | "too-large" | "type" | "dimensions" | "unreadable" };

function isAccepted(mime: string | undefined): mime is AcceptedType {
  return mime !== undefined && Object.hasOwn(formats, mime);
}

/** How the stored image is made: at most `edge` pixels a side; a square cropped to fill it and WebP (an avatar). */
export interface ImageShape {
  edge: number;
  square?: boolean;
}

export async function processCoverImage(
  bytes: Uint8Array,
  shape: ImageShape = { edge: MAX_EDGE },
): Promise<CoverResult> {
  if (bytes.byteLength === 0) return { ok: false, reason: "empty" };
  if (bytes.byteLength > MAX_UPLOAD_BYTES) return { ok: false, reason: "too-large" };
  const { fileTypeFromBuffer } = await import("file-type");
  const detected = await fileTypeFromBuffer(bytes);
  if (!isAccepted(detected?.mime)) return { ok: false, reason: "type" };
  const mime = detected.mime;

  // An avatar keeps its first frame only.
  const animated = !shape.square && (mime === "image/gif" || mime === "image/webp");
  const { default: sharp } = await import("sharp");
  const input = sharp(bytes, { limitInputPixels: MAX_INPUT_MEGAPIXELS * 1_000_000, animated, failOn: "error" });
  let metadata: Metadata;
  try {
    metadata = await input.metadata();
  } catch (error) {
    return { ok: false, reason: isPixelLimit(error) ? "dimensions" : "unreadable" };
  }
  const width = metadata.width ?? 0;
  const height = metadata.pageHeight ?? metadata.height ?? 0;
  if (width * height > MAX_INPUT_MEGAPIXELS * 1_000_000) return { ok: false, reason: "dimensions" };

  try {
    const pipeline = input.rotate().resize({
      width: shape.edge,
      height: shape.edge,
      fit: shape.square ? "cover" : "inside",
      withoutEnlargement: !shape.square,
    });
    if (shape.square) {
      const { data, info } = await pipeline.webp({ quality: 80 }).toBuffer({ resolveWithObject: true });
      return { ok: true, data, extension: "webp", width: info.width, height: info.height };
    }
    const encoded =
      mime === "image/jpeg"
        ? pipeline.jpeg({ quality: 82, mozjpeg: true })
        : mime === "image/png"
          ? pipeline.png({ compressionLevel: 9 })
          : mime === "image/webp"
            ? pipeline.webp({ quality: 82 })
            : mime === "image/avif"
              ? pipeline.avif({ quality: 55 })
              : pipeline.gif();
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { ok: true, data, extension: formats[mime], width: info.width, height: info.pageHeight ?? info.height };
  } catch (error) {
    return { ok: false, reason: isPixelLimit(error) ? "dimensions" : "unreadable" };
  }
}

function isPixelLimit(error: unknown): boolean {
  return error instanceof Error && /pixel limit/i.test(error.message);
}
