import { site } from "~/site.config.ts";
import { SocialIcon } from "../icons/SocialIcon.tsx";
import { ExternalLink } from "../ui/ExternalLink.tsx";

/** The owner's social networks as a row of round icon links. */
export function SocialLinks({ label, className = "" }: { label: string; className?: string }) {
  return (
    <ul aria-label={label} className={`flex flex-wrap gap-2 ${className}`}>
      {site.socials.map((social) => (
        <li key={social.network}>
          <ExternalLink
            href={social.href}
            aria-label={social.name}
            className="grid size-10 place-items-center rounded-full border border-line bg-bg text-fg-muted transition hover:-translate-y-0.5 hover:border-accent hover:text-accent"
          >
            <SocialIcon network={social.network} className="size-[18px]" />
          </ExternalLink>
        </li>
      ))}
    </ul>
  );
}
