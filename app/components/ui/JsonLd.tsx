/**
 * Structured data for search engines. `<` is escaped so no string in the data
 * can close the script element early.
 */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  const json = JSON.stringify(data).replace(/</g, "\\u003c");
  // biome-ignore lint/security/noDangerouslySetInnerHtml: serialized JSON with "<" escaped cannot break out of the script
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
