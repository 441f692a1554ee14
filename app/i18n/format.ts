/**
 * Fills `{name}` placeholders; an unknown placeholder is left as written so a
 * missing value shows up in review instead of rendering as "undefined". A
 * module of its own, free of React, so code that runs outside the app (the
 * terminal's window, decision 050) formats strings the same way.
 * @example format("Page '{x}' not found", { x: "foo" }) // "Page 'foo' not found"
 */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) =>
    Object.hasOwn(values, key) ? String(values[key]) : match,
  );
}
