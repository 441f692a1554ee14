import { siDiscord, siGithub, siInstagram, siX, siYoutube } from "simple-icons";
import type { SocialNetwork } from "~/site.config.ts";

// Simple Icons no longer ships LinkedIn's mark; this is a plain "in" monogram.
const linkedinPath =
  "M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5ZM3 9.75h4V21H3V9.75Zm6.5 0h3.8v1.6h.06c.53-.96 1.83-1.98 3.77-1.98 4.03 0 4.77 2.5 4.77 5.76V21h-4v-5.2c0-1.24-.02-2.84-1.8-2.84-1.8 0-2.08 1.35-2.08 2.75V21h-4V9.75Z";

const paths: Record<SocialNetwork, string> = {
  github: siGithub.path,
  linkedin: linkedinPath,
  instagram: siInstagram.path,
  youtube: siYoutube.path,
  discord: siDiscord.path,
  x: siX.path,
};

/** A brand mark as inline SVG; decorative, so the link around it must carry the name. */
export function SocialIcon({ network, className = "size-5" }: { network: SocialNetwork; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} fill="currentColor" aria-hidden="true" focusable="false">
      <path d={paths[network]} />
    </svg>
  );
}
