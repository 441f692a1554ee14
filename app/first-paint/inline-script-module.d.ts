/**
 * A module imported with `?inline-script` (inline-script-plugin.server.ts): its default function's
 * text, called with the given arguments, minified, ready to be an inline script's content.
 */
declare module "*?inline-script" {
  const inlineScript: (...args: readonly unknown[]) => string;
  export default inlineScript;
}
