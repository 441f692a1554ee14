/**
 * Fedify's documents (actors, their keys, a reply's Note from its origin)
 * read through the site's one guarded client (net/guarded-fetch.server.ts):
 * every address DNS answers is checked as the connection is made, each
 * redirect again, with a time and size limit; Fedify's own loaders check a
 * first lookup and then connect after a second. The JSON-LD contexts Fedify
 * ships (ActivityStreams, the security and identity vocabularies and
 * others) are answered from memory and never fetched. The authenticated
 * loader (authorized fetch) signs each hop with the actor's key,
 * draft-cavage first and RFC 9421 when the server refuses that.
 */
import { signRequest } from "@fedify/fedify";
import {
  type DocumentLoader,
  type DocumentLoaderOptions,
  getRemoteDocument,
  preloadedContexts,
  type RemoteDocument,
} from "@fedify/vocab-runtime";
import { type FetchLimits, requestBounded } from "../net/guarded-fetch.server.ts";

const ACCEPT = 'application/activity+json, application/ld+json; profile="https://www.w3.org/ns/activitystreams"';

/** The bounds of a document's request: an actor or a Note is a few kilobytes; a page is read for its alternate link. */
export function documentLimits(allowPrivate: boolean, origin: string, resolve?: FetchLimits["resolve"]): FetchLimits {
  return {
    timeoutMs: 10_000,
    maxBytes: 1024 * 1024,
    maxRedirects: 5,
    allowPrivate,
    userAgent: `rafael-werneck-site (+${origin})`,
    ...(resolve ? { resolve } : {}),
  };
}

type Signer = (url: URL, spec: "draft-cavage-http-signatures-12" | "rfc9421") => Promise<Record<string, string>>;

const withoutBody = new Set([204, 205, 304]);

/** A document loader on the guarded client, signing each request when `sign` is given. */
function loader(limits: FetchLimits, sign?: Signer): DocumentLoader {
  const load = async (url: string, options?: DocumentLoaderOptions): Promise<RemoteDocument> => {
    if (Object.hasOwn(preloadedContexts, url))
      return { contextUrl: null, document: preloadedContexts[url], documentUrl: url };
    const get = (spec: "draft-cavage-http-signatures-12" | "rfc9421") =>
      requestBounded(url, limits, {
        accept: ACCEPT,
        signal: options?.signal,
        ...(sign ? { headers: (hop: URL) => sign(hop, spec) } : {}),
      });
    let answer = await get("draft-cavage-http-signatures-12");
    // Double-knocking: a server that checks RFC 9421 signatures only refuses a draft-cavage one.
    if (sign && (answer.status === 400 || answer.status === 401)) answer = await get("rfc9421");
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers))
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
    const response = new Response(withoutBody.has(answer.status) ? null : new Uint8Array(answer.bytes), {
      status: answer.status,
      headers,
    });
    return getRemoteDocument(answer.url, response, load);
  };
  return load;
}

/** Fedify's document loader: unsigned, guarded at connection. */
export function guardedDocumentLoader(limits: FetchLimits): DocumentLoader {
  return loader(limits);
}

/** Fedify's authenticated document loader: signed with the actor's key, guarded at connection. */
export function guardedAuthenticatedDocumentLoader(
  identity: { keyId: URL; privateKey: CryptoKey },
  limits: FetchLimits,
): DocumentLoader {
  return loader(limits, (url, spec) =>
    signedHeaders(new Request(url, { headers: { Accept: ACCEPT } }), identity, spec),
  );
}

/** The headers of a request signed with an actor's key (Date, Host, Digest and Signature among them), to send as they are. */
export async function signedHeaders(
  request: Request,
  identity: { keyId: URL; privateKey: CryptoKey },
  spec: "draft-cavage-http-signatures-12" | "rfc9421",
): Promise<Record<string, string>> {
  const signed = await signRequest(request, identity.privateKey, identity.keyId, { spec });
  const headers: Record<string, string> = {};
  signed.headers.forEach((value, name) => {
    headers[name] = value;
  });
  return headers;
}
