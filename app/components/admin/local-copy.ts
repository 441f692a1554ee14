/**
 * The copy of an open post form kept in this browser until the server has
 * saved it: a crash, a lost connection or a refusal loses nothing typed. One
 * copy per author and post (or new post), so another author signed in on the
 * same browser never sees it. localStorage: synchronous, so the last change
 * is on disk before a tab can close.
 */

const PREFIX = "portfolio.unsaved-post";

export interface LocalCopy<V> {
  values: V;
  /** When it was kept, ISO 8601. */
  keptAt: string;
}

export function localCopyKey(author: string, postId: string | undefined): string {
  return `${PREFIX}:${author}:${postId ?? "new"}`;
}

export function readLocalCopy<V>(key: string): LocalCopy<V> | undefined {
  try {
    const raw = localStorage.getItem(key);
    const copy = raw ? (JSON.parse(raw) as LocalCopy<V>) : undefined;
    return copy && typeof copy === "object" && copy.values ? copy : undefined;
  } catch {
    // Storage off or a damaged entry: there is no copy to offer.
    return undefined;
  }
}

export function writeLocalCopy<V>(key: string, values: V): void {
  try {
    localStorage.setItem(key, JSON.stringify({ values, keptAt: new Date().toISOString() } satisfies LocalCopy<V>));
  } catch {
    // Storage full or off: the form still holds the text; only the spare copy is missing.
  }
}

export function removeLocalCopy(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Nothing to remove where storage is off.
  }
}
