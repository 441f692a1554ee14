import type { SocialNetwork } from "~/site.config.ts";
import { BrandIcon } from "./index.tsx";

/** A social network's mark; decorative, so the link around it must carry the name. */
export function SocialIcon({ network, className = "size-5" }: { network: SocialNetwork; className?: string }) {
  return <BrandIcon name={network} className={className} />;
}
