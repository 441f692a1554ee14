/**
 * What an uploaded image's URL says about it. An upload is stored as
 * `blog-images/{userId}/{random}-{width}x{height}.{ext}`, with, when it is
 * wider than a phone needs, a WebP copy `…-{PHONE_IMAGE_WIDTH}w.webp` beside
 * it: pages can then set its size before it loads and let a phone take the
 * small copy.
 */

/** The width of the copy made for phones (two device pixels for a 320-pixel column). */
export const PHONE_IMAGE_WIDTH = 640;

const UPLOADED =
  /^\/uploads\/(blog-images\/[0-9a-f-]{36}\/[A-Za-z0-9_]{16,64})-(\d{1,5})x(\d{1,5})\.(?:jpg|png|webp|avif|gif)$/;

export interface UploadedImage {
  width: number;
  height: number;
  /** The phone-sized WebP copy's URL, when the image is wider than it. */
  phoneSrc?: string;
}

/**
 * @example uploadedImage("/uploads/blog-images/{uuid}/Ab3dEf6hIj9kLm0n-1600x900.png")
 *   // { width: 1600, height: 900, phoneSrc: "/uploads/blog-images/{uuid}/Ab3dEf6hIj9kLm0n-1600x900-640w.webp" }
 */
export function uploadedImage(src: string): UploadedImage | undefined {
  const match = UPLOADED.exec(src);
  if (!match) return undefined;
  const width = Number(match[2]);
  const height = Number(match[3]);
  if (!width || !height) return undefined;
  return {
    width,
    height,
    ...(width > PHONE_IMAGE_WIDTH
      ? { phoneSrc: `/uploads/${match[1]}-${width}x${height}-${PHONE_IMAGE_WIDTH}w.webp` }
      : {}),
  };
}

/** Every uploaded image a Markdown text refers to, as storage keys. */
export function uploadedImageKeys(markdown: string): string[] {
  return [
    ...markdown.matchAll(/\/uploads\/(blog-images\/[0-9a-f-]{36}\/[A-Za-z0-9_-]{16,80}\.(?:jpg|png|webp|avif|gif))/g),
  ].map((match) => match[1] ?? "");
}

/**
 * The name an upload and its phone copy share, without extension.
 * @example imageStem("blog-images/u/abc-10x10-640w.webp") // "blog-images/u/abc-10x10"
 */
export function imageStem(key: string): string {
  return key.replace(new RegExp(`-${PHONE_IMAGE_WIDTH}w\\.webp$`), "").replace(/\.[a-z]+$/, "");
}
