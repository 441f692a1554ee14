/**
 * The tab a key press moves to in a horizontal tab list (WAI-ARIA pattern:
 * arrows wrap around, Home and End jump to the ends); `undefined` for other keys.
 * @example nextTabIndex(0, "ArrowLeft", 4) // 3
 */
export function nextTabIndex(current: number, key: string, count: number): number | undefined {
  switch (key) {
    case "ArrowRight":
      return (current + 1) % count;
    case "ArrowLeft":
      return (current - 1 + count) % count;
    case "Home":
      return 0;
    case "End":
      return count - 1;
    default:
      return undefined;
  }
}
