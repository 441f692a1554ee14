/**
 * Slug of a company page: the name lowercased, each run of whitespace a hyphen.
 * @example companySlug("Werneck Group") // "werneck-group"
 */
export function companySlug(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, "-");
}
