import type { Picture } from "~/content/images.ts";

interface ResponsiveImageProps {
  image: Picture;
  alt: string;
  /** How wide the image is drawn, for the browser to pick a file, e.g. "(min-width: 1024px) 33vw, 100vw". */
  sizes: string;
  className?: string;
  /** Images in the first screen load at once; the rest wait until they are near. */
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
        {...(priority ? { fetchPriority: "high" as const } : {})}
        {...(className ? { className } : {})}
        {...(onError ? { onError } : {})}
      />
    </picture>
  );
}
