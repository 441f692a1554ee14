import { Globe } from "lucide-react";
import { siFacebook } from "simple-icons";
import type { CompanySocialNetwork } from "~/content/companies.ts";
import { SocialIcon } from "../icons/SocialIcon.tsx";

/** The mark of a network a company is on; decorative, the link carries the name. */
export function CompanySocialIcon({ network }: { network: CompanySocialNetwork }) {
  if (network === "website") return <Globe className="size-[18px]" aria-hidden="true" />;
  if (network === "facebook") {
    return (
      <svg viewBox="0 0 24 24" className="size-[18px]" fill="currentColor" aria-hidden="true" focusable="false">
        <path d={siFacebook.path} />
      </svg>
    );
  }
  return <SocialIcon network={network === "twitter" ? "x" : network} className="size-[18px]" />;
}
