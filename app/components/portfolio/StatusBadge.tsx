import type { ClientProjectStatus } from "~/content/services.ts";
import { useT } from "~/i18n";
import { statusTone } from "~/lib/status.ts";

const toneClass = {
  success: "border-success/40 bg-bg text-success",
  info: "border-info/40 bg-bg text-info",
  neutral: "border-line bg-surface-2 text-fg-muted",
} as const;

/** A client project's status: completed green, in progress blue, anything else grey. */
export function StatusBadge({ status }: { status: ClientProjectStatus }) {
  const { t } = useT();
  const tone = statusTone(status);
  return (
    <span
      data-tone={tone}
      className={`inline-flex items-center gap-1.5 rounded-full border px-2.5 py-1 text-xs font-semibold ${toneClass[tone]}`}
    >
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
      {t.portfolio.services.status[status]}
    </span>
  );
}
