import type { SVGProps } from "react";
import sprite from "~/assets/icons.svg?url";
import { type BrandIconName, symbolId, type UiIconName } from "./names.ts";

/**
 * Pictograms drawn from one SVG sprite (`app/assets/icons.svg`): a page
 * carries a `<use>` reference per icon instead of each drawing, in its HTML
 * and in its JavaScript. Every icon is decorative: the text or the accessible
 * name of the control around it carries the meaning.
 */
export type IconProps = Omit<SVGProps<SVGSVGElement>, "children" | "aria-hidden">;

export type IconComponent = (props: IconProps) => React.ReactNode;

/**
 * An interface icon in Lucide's stroke style, which its symbol carries
 * (`className` sets its size and colour).
 */
export function SpriteIcon({ icon, ...props }: IconProps & { icon: UiIconName }) {
  return (
    <svg width={24} height={24} viewBox="0 0 24 24" {...props} aria-hidden="true">
      <use href={`${sprite}#${symbolId(icon)}`} />
    </svg>
  );
}

/** A brand mark, filled with the current text colour. */
export function BrandIcon({ name, className = "size-5" }: { name: BrandIconName; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} fill="currentColor" aria-hidden="true">
      <use href={`${sprite}#brand-${name}`} />
    </svg>
  );
}

// One named component per icon, so call sites read like any icon library's.
export const ArrowLeft: IconComponent = (props) => <SpriteIcon icon="ArrowLeft" {...props} />;
export const ArrowRight: IconComponent = (props) => <SpriteIcon icon="ArrowRight" {...props} />;
export const ArrowUpRight: IconComponent = (props) => <SpriteIcon icon="ArrowUpRight" {...props} />;
export const Award: IconComponent = (props) => <SpriteIcon icon="Award" {...props} />;
export const BarChart3: IconComponent = (props) => <SpriteIcon icon="BarChart3" {...props} />;
export const BookOpen: IconComponent = (props) => <SpriteIcon icon="BookOpen" {...props} />;
export const Bot: IconComponent = (props) => <SpriteIcon icon="Bot" {...props} />;
export const Briefcase: IconComponent = (props) => <SpriteIcon icon="Briefcase" {...props} />;
export const Building2: IconComponent = (props) => <SpriteIcon icon="Building2" {...props} />;
export const Calendar: IconComponent = (props) => <SpriteIcon icon="Calendar" {...props} />;
export const CalendarCheck: IconComponent = (props) => <SpriteIcon icon="CalendarCheck" {...props} />;
export const CalendarClock: IconComponent = (props) => <SpriteIcon icon="CalendarClock" {...props} />;
export const CalendarDays: IconComponent = (props) => <SpriteIcon icon="CalendarDays" {...props} />;
export const Check: IconComponent = (props) => <SpriteIcon icon="Check" {...props} />;
export const CheckCircle2: IconComponent = (props) => <SpriteIcon icon="CheckCircle2" {...props} />;
export const ChevronDown: IconComponent = (props) => <SpriteIcon icon="ChevronDown" {...props} />;
export const Clock: IconComponent = (props) => <SpriteIcon icon="Clock" {...props} />;
export const Cloud: IconComponent = (props) => <SpriteIcon icon="Cloud" {...props} />;
export const Code2: IconComponent = (props) => <SpriteIcon icon="Code2" {...props} />;
export const Coffee: IconComponent = (props) => <SpriteIcon icon="Coffee" {...props} />;
export const Compass: IconComponent = (props) => <SpriteIcon icon="Compass" {...props} />;
export const Cpu: IconComponent = (props) => <SpriteIcon icon="Cpu" {...props} />;
export const Download: IconComponent = (props) => <SpriteIcon icon="Download" {...props} />;
export const ExternalLink: IconComponent = (props) => <SpriteIcon icon="ExternalLink" {...props} />;
export const Eye: IconComponent = (props) => <SpriteIcon icon="Eye" {...props} />;
export const FileText: IconComponent = (props) => <SpriteIcon icon="FileText" {...props} />;
export const Gamepad2: IconComponent = (props) => <SpriteIcon icon="Gamepad2" {...props} />;
export const Globe: IconComponent = (props) => <SpriteIcon icon="Globe" {...props} />;
export const GraduationCap: IconComponent = (props) => <SpriteIcon icon="GraduationCap" {...props} />;
export const Handshake: IconComponent = (props) => <SpriteIcon icon="Handshake" {...props} />;
export const Heart: IconComponent = (props) => <SpriteIcon icon="Heart" {...props} />;
export const HeartHandshake: IconComponent = (props) => <SpriteIcon icon="HeartHandshake" {...props} />;
export const ImageUp: IconComponent = (props) => <SpriteIcon icon="ImageUp" {...props} />;
export const Inbox: IconComponent = (props) => <SpriteIcon icon="Inbox" {...props} />;
export const Info: IconComponent = (props) => <SpriteIcon icon="Info" {...props} />;
export const LayoutDashboard: IconComponent = (props) => <SpriteIcon icon="LayoutDashboard" {...props} />;
export const Lightbulb: IconComponent = (props) => <SpriteIcon icon="Lightbulb" {...props} />;
export const Loader2: IconComponent = (props) => <SpriteIcon icon="Loader2" {...props} />;
export const LogIn: IconComponent = (props) => <SpriteIcon icon="LogIn" {...props} />;
export const LogOut: IconComponent = (props) => <SpriteIcon icon="LogOut" {...props} />;
export const Mail: IconComponent = (props) => <SpriteIcon icon="Mail" {...props} />;
export const MapPin: IconComponent = (props) => <SpriteIcon icon="MapPin" {...props} />;
export const Maximize2: IconComponent = (props) => <SpriteIcon icon="Maximize2" {...props} />;
export const Megaphone: IconComponent = (props) => <SpriteIcon icon="Megaphone" {...props} />;
export const Menu: IconComponent = (props) => <SpriteIcon icon="Menu" {...props} />;
export const MessageCircle: IconComponent = (props) => <SpriteIcon icon="MessageCircle" {...props} />;
export const MessagesSquare: IconComponent = (props) => <SpriteIcon icon="MessagesSquare" {...props} />;
export const Minus: IconComponent = (props) => <SpriteIcon icon="Minus" {...props} />;
export const Moon: IconComponent = (props) => <SpriteIcon icon="Moon" {...props} />;
export const Music: IconComponent = (props) => <SpriteIcon icon="Music" {...props} />;
export const Palette: IconComponent = (props) => <SpriteIcon icon="Palette" {...props} />;
export const Pencil: IconComponent = (props) => <SpriteIcon icon="Pencil" {...props} />;
export const Plus: IconComponent = (props) => <SpriteIcon icon="Plus" {...props} />;
export const Quote: IconComponent = (props) => <SpriteIcon icon="Quote" {...props} />;
export const Rocket: IconComponent = (props) => <SpriteIcon icon="Rocket" {...props} />;
export const RotateCcw: IconComponent = (props) => <SpriteIcon icon="RotateCcw" {...props} />;
export const Rss: IconComponent = (props) => <SpriteIcon icon="Rss" {...props} />;
export const SearchX: IconComponent = (props) => <SpriteIcon icon="SearchX" {...props} />;
export const Send: IconComponent = (props) => <SpriteIcon icon="Send" {...props} />;
export const Server: IconComponent = (props) => <SpriteIcon icon="Server" {...props} />;
export const Shield: IconComponent = (props) => <SpriteIcon icon="Shield" {...props} />;
export const ShoppingCart: IconComponent = (props) => <SpriteIcon icon="ShoppingCart" {...props} />;
export const Smartphone: IconComponent = (props) => <SpriteIcon icon="Smartphone" {...props} />;
export const Sparkles: IconComponent = (props) => <SpriteIcon icon="Sparkles" {...props} />;
export const SquareTerminal: IconComponent = (props) => <SpriteIcon icon="SquareTerminal" {...props} />;
export const Star: IconComponent = (props) => <SpriteIcon icon="Star" {...props} />;
export const Sun: IconComponent = (props) => <SpriteIcon icon="Sun" {...props} />;
export const Tag: IconComponent = (props) => <SpriteIcon icon="Tag" {...props} />;
export const Target: IconComponent = (props) => <SpriteIcon icon="Target" {...props} />;
export const Trash2: IconComponent = (props) => <SpriteIcon icon="Trash2" {...props} />;
export const Trophy: IconComponent = (props) => <SpriteIcon icon="Trophy" {...props} />;
export const Users: IconComponent = (props) => <SpriteIcon icon="Users" {...props} />;
export const Wallet: IconComponent = (props) => <SpriteIcon icon="Wallet" {...props} />;
export const Waves: IconComponent = (props) => <SpriteIcon icon="Waves" {...props} />;
export const X: IconComponent = (props) => <SpriteIcon icon="X" {...props} />;
export const Zap: IconComponent = (props) => <SpriteIcon icon="Zap" {...props} />;
