/**
 * Objects in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO…), through
 * signed `fetch` calls (SigV4, `aws4fetch`: 10 KB, no SDK). Loaded only when
 * STORAGE_DRIVER is `s3`. The site still serves the objects itself at
 * `/uploads/{key}`, so the bucket needs no public access.
 */
import { AwsClient } from "aws4fetch";
import {
  contentTypeForKey,
  type ObjectBody,
  type ObjectStorage,
  type S3Settings,
  type StoredObject,
  storageFrom,
} from "./object-storage.server.ts";

/** A request to the bucket that takes longer than this fails instead of holding the page. */
const REQUEST_TIMEOUT_MS = 30_000;

export class S3Error extends Error {
  readonly status: number;
  readonly code: string | undefined;
  constructor(operation: string, status: number, code: string | undefined) {
    super(`S3 ${operation} failed: ${status}${code ? ` ${code}` : ""}`);
    this.status = status;
    this.code = code;
  }
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
const decodeXml = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/g, (_, name: string) =>
    name.startsWith("#x")
      ? String.fromCodePoint(Number.parseInt(name.slice(2), 16))
      : name.startsWith("#")
        ? String.fromCodePoint(Number(name.slice(1)))
        : (ENTITIES[name] ?? ""),
  );
const tag = (xml: string, name: string) => {
  const match = new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(xml);
  return match?.[1] === undefined ? undefined : decodeXml(match[1]);
};

async function failure(operation: string, response: Response): Promise<S3Error> {
  const body = await response.text().catch(() => "");
  return new S3Error(operation, response.status, tag(body, "Code"));
}

/** The base URL of the bucket: path style `{endpoint}/{bucket}`, else `{bucket}.{host}`. */
export function bucketUrl(settings: Pick<S3Settings, "endpoint" | "bucket" | "forcePathStyle">): string {
  const endpoint = new URL(settings.endpoint);
  const base = endpoint.pathname.replace(/\/+$/, "");
  if (settings.forcePathStyle) return `${endpoint.origin}${base}/${encodeURIComponent(settings.bucket)}`;
  return `${endpoint.protocol}//${settings.bucket}.${endpoint.host}${base}`;
}

export function s3Storage(settings: S3Settings): ObjectStorage {
  const client = new AwsClient({
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    region: settings.region,
    service: "s3",
    retries: 2,
  });
  const base = bucketUrl(settings);
  const objectUrl = (key: string) => `${base}/${key.split("/").map(encodeURIComponent).join("/")}`;
  const send = (url: string, init: RequestInit = {}) =>
    client.fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });

  return storageFrom({
    driver: "s3",
    async put(key, data, contentType) {
      const response = await send(objectUrl(key), {
        method: "PUT",
        body: data as Uint8Array<ArrayBuffer>,
        headers: { "Content-Type": contentType, "Content-Length": String(data.byteLength) },
      });
      if (!response.ok) throw await failure("PUT", response);
      await response.arrayBuffer();
    },
    async read(key): Promise<ObjectBody | undefined> {
      const response = await send(objectUrl(key));
      if (response.status === 404) {
        await response.arrayBuffer();
        return undefined;
      }
      if (!response.ok) throw await failure("GET", response);
      const data = new Uint8Array(await response.arrayBuffer());
      const modified = response.headers.get("last-modified");
      const modifiedAt = modified ? new Date(modified) : new Date(0);
      return {
        key,
        data,
        size: data.byteLength,
        modifiedAt,
        contentType: response.headers.get("content-type") ?? contentTypeForKey(key),
        etag: response.headers.get("etag") ?? `"${data.byteLength.toString(16)}-${modifiedAt.getTime().toString(16)}"`,
      };
    },
    async delete(key) {
      const response = await send(objectUrl(key), { method: "DELETE" });
      if (!response.ok && response.status !== 404) throw await failure("DELETE", response);
      await response.arrayBuffer();
    },
    async list(prefix) {
      const objects: StoredObject[] = [];
      let token: string | undefined;
      do {
        const query = new URLSearchParams({ "list-type": "2", prefix });
        if (token) query.set("continuation-token", token);
        const response = await send(`${base}?${query}`);
        if (!response.ok) throw await failure("LIST", response);
        const xml = await response.text();
        for (const [, entry = ""] of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
          const key = tag(entry, "Key");
          if (!key) continue;
          objects.push({
            key,
            size: Number(tag(entry, "Size") ?? 0),
            modifiedAt: new Date(tag(entry, "LastModified") ?? 0),
          });
        }
        token = tag(xml, "IsTruncated") === "true" ? tag(xml, "NextContinuationToken") : undefined;
      } while (token);
      return objects;
    },
  });
}
