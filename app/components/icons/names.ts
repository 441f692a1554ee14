/**
 * Every interface pictogram the site draws, by its Lucide name. The sprite
 * `app/assets/icons.svg` holds one symbol per name (plus the brand marks);
 * regenerate it with `node tools/build/generate-icons.ts` after changing a list.
 */
export const uiIconNames = [
  "ArrowLeft",
  "ArrowRight",
  "ArrowUpRight",
  "Award",
  "BarChart3",
  "BookOpen",
  "Bot",
  "Briefcase",
  "Building2",
  "Calendar",
  "CalendarCheck",
  "CalendarClock",
  "CalendarDays",
  "Check",
  "CheckCircle2",
  "ChevronDown",
  "Clock",
  "Cloud",
  "Code2",
  "Coffee",
  "Compass",
  "Cpu",
  "Download",
  "ExternalLink",
  "Eye",
  "FileText",
  "Gamepad2",
  "Globe",
  "GraduationCap",
  "Handshake",
  "Heart",
  "HeartHandshake",
  "ImageUp",
  "Inbox",
  "Info",
  "LayoutDashboard",
  "Lightbulb",
  "Loader2",
  "LogIn",
  "LogOut",
  "Mail",
  "MapPin",
  "Maximize2",
  "Megaphone",
  "Menu",
  "MessageCircle",
  "MessagesSquare",
  "Minus",
  "Moon",
  "Music",
  "Palette",
  "Pencil",
  "Plus",
  "Quote",
  "Rocket",
  "RotateCcw",
  "Rss",
  "SearchX",
  "Send",
  "Server",
  "Shield",
  "ShoppingCart",
  "Smartphone",
  "Sparkles",
  "SquareTerminal",
  "Star",
  "Sun",
  "Tag",
  "Target",
  "Trash2",
  "Trophy",
  "Users",
  "Wallet",
  "Waves",
  "X",
  "Zap",
] as const;

export type UiIconName = (typeof uiIconNames)[number];

/** Brand marks: Simple Icons' drawings, and a plain "in" monogram for LinkedIn. */
export const brandIconNames = ["github", "linkedin", "instagram", "youtube", "discord", "x", "facebook"] as const;

export type BrandIconName = (typeof brandIconNames)[number];

/** `ArrowUpRight` → `arrow-up-right`: the symbol id of an interface icon. */
export function symbolId(name: UiIconName): string {
  return name.replace(/(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Za-z])(?=[0-9])/g, "-").toLowerCase();
}
