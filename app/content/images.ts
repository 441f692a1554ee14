/**
 * The site's self-hosted images, as responsive sources. Files come from
 * `tools/build/generate-images.ts` (AVIF and WebP at a few widths); Vite fingerprints
 * them, so they can be cached forever.
 */
import sizes from "~/assets/images/sizes.json";

export interface Picture {
  /** Fallback URL (the widest WebP). */
  src: string;
  /** `srcset` strings per format, narrowest first. */
  avif: string;
  webp: string;
  /** Intrinsic size, for the `width`/`height` attributes that reserve layout space. */
  width: number;
  height: number;
}

const urls = import.meta.glob<string>("../assets/images/**/*.{avif,webp}", {
  eager: true,
  query: "?url",
  import: "default",
});

type ImageName = keyof typeof sizes;

/**
 * The responsive sources of one generated image.
 * @example picture("projects/devstudio").src // "/assets/devstudio-1200-AbC123.webp"
 */
export function picture(name: ImageName): Picture {
  const { width, height, widths } = sizes[name];
  const url = (w: number, ext: "avif" | "webp") => {
    const found = urls[`../assets/images/${name}-${w}.${ext}`];
    if (!found) throw new Error(`Missing image ${name}-${w}.${ext}; run node tools/build/generate-images.ts`);
    return found;
  };
  const srcset = (ext: "avif" | "webp") => widths.map((w) => `${url(w, ext)} ${w}w`).join(", ");
  const widest = widths.at(-1) ?? width;
  return { src: url(widest, "webp"), avif: srcset("avif"), webp: srcset("webp"), width, height };
}
