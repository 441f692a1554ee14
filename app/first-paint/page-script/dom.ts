/** The element an event happened in, or its nearest ancestor, that matches `selector`. */
export function closestTarget<T extends Element = HTMLElement>(event: Event, selector: string): T | null {
  const target = event.target;
  return target instanceof Element ? target.closest<T>(selector) : null;
}
