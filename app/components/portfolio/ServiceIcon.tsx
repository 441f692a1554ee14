import type { ServiceCategory } from "~/content/services.ts";
import { Icon } from "./Icon.tsx";

/**
 * A service's pictogram on its own gradient. The stops are theme tokens, so
 * the gradient brightens in the dark theme; the glyph takes the page
 * background colour to stay legible on both.
 */
export function ServiceIcon({
  service,
  size = "md",
}: {
  service: Pick<ServiceCategory, "icon" | "gradient">;
  size?: "md" | "lg";
}) {
  const [from, to] = service.gradient;
  return (
    <span
      aria-hidden="true"
      className={`grid shrink-0 place-items-center text-bg shadow-lg ${size === "lg" ? "size-16 rounded-2xl" : "size-12 rounded-xl"}`}
      style={{ backgroundImage: `linear-gradient(135deg, var(${from}), var(${to}))` }}
    >
      <Icon name={service.icon} className={size === "lg" ? "size-8" : "size-6"} />
    </span>
  );
}
