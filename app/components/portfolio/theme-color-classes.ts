/**
 * Classes that paint with one of the theme's colour tokens, written out in
 * full so Tailwind finds them. They take the place of `style` attributes
 * (`var(--token)`), which the Content-Security-Policy refuses
 * (docs/decisions/026-https-and-a-strict-csp.md).
 */
import type { ThemeColor } from "~/content/theme-colors.ts";

export const textColor: Readonly<Record<ThemeColor, string>> = {
  "--accent": "text-accent",
  "--accent-2": "text-accent-2",
  "--success": "text-success",
  "--info": "text-info",
  "--danger": "text-danger",
};

export const backgroundColor: Readonly<Record<ThemeColor, string>> = {
  "--accent": "bg-accent",
  "--accent-2": "bg-accent-2",
  "--success": "bg-success",
  "--info": "bg-info",
  "--danger": "bg-danger",
};

const gradientFrom: Readonly<Record<ThemeColor, string>> = {
  "--accent": "from-accent",
  "--accent-2": "from-accent-2",
  "--success": "from-success",
  "--info": "from-info",
  "--danger": "from-danger",
};

const gradientTo: Readonly<Record<ThemeColor, string>> = {
  "--accent": "to-accent",
  "--accent-2": "to-accent-2",
  "--success": "to-success",
  "--info": "to-info",
  "--danger": "to-danger",
};

/** A 135° gradient between two tokens, blended in sRGB as `linear-gradient(135deg, …)` is by default. */
export function gradient(from: ThemeColor, to: ThemeColor): string {
  return `bg-linear-135/srgb ${gradientFrom[from]} ${gradientTo[to]}`;
}
