import { SocialIcon } from "~/components/icons/SocialIcon.tsx";
import { ExternalLink } from "~/components/ui/ExternalLink.tsx";
import { site } from "~/site.config.ts";

/** The owner's social networks as a row of round icon links. */
export function SocialLinks({ label, size = "md" }: { label: string; size?: "md" | "lg" }) {
  const box = size === "lg" ? "size-12" : "size-11";
  return (
    <ul aria-label={label} className="flex flex-wrap gap-2">
      {site.socials.map((social) => (
        <li key={social.network}>
          <ExternalLink
            href={social.href}
            aria-label={social.name}
            className={`grid ${box} place-items-center rounded-full border border-line bg-bg text-fg-muted transition hover:-translate-y-0.5 hover:border-accent hover:text-accent`}
          >
            <SocialIcon network={social.network} />
          </ExternalLink>
        </li>
      ))}
    </ul>
  );
}
