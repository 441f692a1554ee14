import type { ServiceCategory } from "~/content/services.ts";
import { Icon } from "./Icon.tsx";
import { gradient } from "./theme-color-classes.ts";

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
      className={`grid shrink-0 place-items-center text-bg shadow-lg ${gradient(from, to)} ${size === "lg" ? "size-16 rounded-2xl" : "size-12 rounded-xl"}`}
    >
      <Icon name={service.icon} className={size === "lg" ? "size-8" : "size-6"} />
    </span>
  );
}
