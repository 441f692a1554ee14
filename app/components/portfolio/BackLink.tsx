import { ArrowLeft } from "~/components/icons";
import { LocalLink } from "../ui/LocalLink.tsx";

/** The way back to a list page, in the current language. */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <LocalLink
      to={to}
      className="group inline-flex items-center gap-2 rounded-full text-sm font-medium text-fg-muted transition hover:text-accent"
    >
      <ArrowLeft className="size-4 transition group-hover:-translate-x-0.5" aria-hidden="true" />
      {label}
    </LocalLink>
  );
}
