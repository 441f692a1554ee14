import type { Picture } from "~/content/images.ts";

interface ResponsiveImageProps {
  image: Picture;
  alt: string;
  /** How wide the image is drawn, for the browser to pick a file, e.g. "(min-width: 1024px) 33vw, 100vw". */
  sizes: string;
  className?: string;
  /**
   * The page's main picture (its largest content in the first screen): loads
   * at once and ahead of other images. Every other image waits until it is
   * near and asks for the network at low priority, even when it shows in the
   * first screen (a logo over a banner), so it never competes with the main one;
   * nor does it start before the page's first paint (`data-after-paint`,
   * app/styles/app.css).
   */
  priority?: boolean;
  onError?: () => void;
}

/** A generated image in AVIF or WebP, at the width the layout needs. */
export function ResponsiveImage({ image, alt, sizes, className, priority = false, onError }: ResponsiveImageProps) {
  return (
    <picture>
      <source type="image/avif" srcSet={image.avif} sizes={sizes} />
      <source type="image/webp" srcSet={image.webp} sizes={sizes} />
      <img
        src={image.src}
        alt={alt}
        width={image.width}
        height={image.height}
        loading={priority ? "eager" : "lazy"}
        decoding="async"
        fetchPriority={priority ? "high" : "low"}
        {...(priority ? {} : { "data-after-paint": "" })}
        {...(className ? { className } : {})}
        {...(onError ? { onError } : {})}
      />
    </picture>
  );
}
