import { tag } from "./styles.ts";

/** Technology or skill names as small pills. */
export function TagList({
  items,
  label,
  className = "",
}: {
  items: readonly string[];
  label?: string;
  className?: string;
}) {
  return (
    <ul aria-label={label} className={`flex flex-wrap gap-1.5 ${className}`}>
      {items.map((item) => (
        <li key={item} className={tag}>
          {item}
        </li>
      ))}
    </ul>
  );
}
