import { BrandIcon, Globe } from "~/components/icons";
import type { CompanySocialNetwork } from "~/content/companies.ts";

/** The mark of a network a company is on; decorative, the link carries the name. */
export function CompanySocialIcon({ network }: { network: CompanySocialNetwork }) {
  if (network === "website") return <Globe className="size-[18px]" aria-hidden="true" />;
  return <BrandIcon name={network === "twitter" ? "x" : network} className="size-[18px]" />;
}
