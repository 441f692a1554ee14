import type { ServiceCategory } from "~/content/services.ts";
import type { ThemeColor } from "~/content/theme-colors.ts";
import { Icon } from "./Icon.tsx";

// The gradient's stops as classes (`tint-*` in app/styles/app.css), written out in full so
// Tailwind finds them: a style attribute would be refused by the Content-Security-Policy.
const gradientFrom: Readonly<Record<ThemeColor, string>> = {
  "--accent": "tint-from-accent",
  "--accent-2": "tint-from-accent-2",
  "--success": "tint-from-success",
  "--info": "tint-from-info",
  "--danger": "tint-from-danger",
};

const gradientTo: Readonly<Record<ThemeColor, string>> = {
  "--accent": "tint-to-accent",
  "--accent-2": "tint-to-accent-2",
  "--success": "tint-to-success",
  "--info": "tint-to-info",
  "--danger": "tint-to-danger",
};

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
      className={`grid shrink-0 place-items-center text-bg shadow-lg tint-gradient ${gradientFrom[from]} ${gradientTo[to]} ${size === "lg" ? "size-16 rounded-2xl" : "size-12 rounded-xl"}`}
    >
      <Icon name={service.icon} className={size === "lg" ? "size-8" : "size-6"} />
    </span>
  );
}
