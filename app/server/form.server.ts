/**
 * The one way actions read a posted form. A body that is not a form (JSON,
 * a truncated multipart body, a multipart type without a boundary) makes
 * `request.formData()` throw; read here, it is answered 400 with a sentence
 * in the visitor's language instead of a 500. See docs/decisions/020-hardening.md.
 */
import { type Lang, langFromPath } from "~/i18n/paths.ts";

const unreadable: Record<Lang, string> = {
  pt: "Não foi possível ler o formulário enviado. Volte à página e envie de novo.",
  en: "The form sent could not be read. Go back to the page and send it again.",
};

/**
 * The posted form, or a 400 response thrown in `lang` (by default the
 * language of the requested path; language-neutral endpoints pass the
 * visitor's, from `Accept-Language`).
 */
export async function readForm(request: Request, lang: Lang = langFromPath(new URL(request.url).pathname)) {
  try {
    return await request.formData();
  } catch {
    throw new Response(unreadable[lang], {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
}

/**
 * The visitor's language by `Accept-Language`, for endpoints whose path has none:
 * English when English comes before Portuguese, else Portuguese.
 */
export function acceptedLang(request: Request): Lang {
  const ranges = (request.headers.get("Accept-Language") ?? "").toLowerCase();
  const en = ranges.search(/(^|[\s,])en\b/);
  const pt = ranges.search(/(^|[\s,])pt\b/);
  return en !== -1 && (pt === -1 || en < pt) ? "en" : "pt";
}
