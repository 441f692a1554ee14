/**
 * Names of the pictograms content may ask for. Content stays plain data; the
 * `Icon` component maps each name to its drawing.
 */
export const iconNames = [
  "award",
  "bot",
  "briefcase",
  "building",
  "calendar",
  "cloud",
  "code",
  "coffee",
  "compass",
  "cpu",
  "gamepad",
  "globe",
  "graduation",
  "handshake",
  "heart",
  "lightbulb",
  "megaphone",
  "messages",
  "music",
  "palette",
  "rocket",
  "server",
  "shield",
  "smartphone",
  "sparkles",
  "target",
  "trophy",
  "users",
  "waves",
  "zap",
] as const;

export type IconName = (typeof iconNames)[number];
