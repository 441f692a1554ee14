import { useEffect, useRef, useState } from "react";
import type { Picture } from "~/content/images.ts";
import { ResponsiveImage } from "./ResponsiveImage.tsx";

/**
 * The owner's picture, or their initials when it cannot load. An image that
 * failed before hydration never fires `onError` for React, so its state is
 * also read once on mount.
 */
export function Avatar({ image, alt, initials }: { image: Picture; alt: string; initials: string }) {
  const [failed, setFailed] = useState(false);
  const holder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const img = holder.current?.querySelector("img");
    if (img?.complete && img.naturalWidth === 0) setFailed(true);
  }, []);
  return (
    <div
      ref={holder}
      className="relative size-36 overflow-hidden rounded-full border-4 border-bg shadow-xl ring-1 ring-line sm:size-40"
      data-testid="avatar"
    >
      {failed ? (
        <div
          role="img"
          aria-label={alt}
          className="brand-gradient grid size-full place-items-center text-4xl font-bold tracking-tight text-accent-fg"
          data-testid="avatar-fallback"
        >
          <span aria-hidden="true">{initials}</span>
        </div>
      ) : (
        <ResponsiveImage
          image={image}
          alt={alt}
          sizes="160px"
          className="size-full object-cover"
          onError={() => setFailed(true)}
        />
      )}
    </div>
  );
}
