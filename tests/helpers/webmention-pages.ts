/**
 * Another site on loopback for the webmention tests: pages the test sets
 * (status, headers, body, or no answer at all), an endpoint that records
 * the webmentions posted to it, and the requests it received.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";

export interface PageAnswer {
  status?: number;
  headers?: Record<string, string>;
  body?: string;
  /** Never answer (the connection stays open until the client gives up). */
  hang?: boolean;
  /** Send this many bytes of body, whatever it says of its length. */
  bytes?: number;
}

export interface OtherSite {
  origin: string;
  /** What a path answers from now on. */
  set(path: string, answer: PageAnswer): void;
  /** Every GET received, with its User-Agent. */
  gets: { path: string; userAgent: string }[];
  /** Every form posted, by path. */
  posts: { path: string; source: string; target: string }[];
  close(): Promise<void>;
}

/** The `source` and `target` of a webmention posted to a test server. */
export async function receivedMention(req: IncomingMessage): Promise<{ source: string; target: string }> {
  let body = "";
  req.setEncoding("utf8");
  for await (const chunk of req) body += chunk;
  const form = new URLSearchParams(body);
  return { source: form.get("source") ?? "", target: form.get("target") ?? "" };
}

export async function serveOtherSite(): Promise<OtherSite> {
  const pages = new Map<string, PageAnswer>();
  const gets: OtherSite["gets"] = [];
  const posts: OtherSite["posts"] = [];
  const hanging = new Set<ServerResponse>();
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = req.url ?? "/";
    if (req.method === "POST") {
      void receivedMention(req).then((mention) => {
        posts.push({ path, ...mention });
        const answer = pages.get(`POST ${path}`) ?? { status: 202 };
        res.writeHead(answer.status ?? 202, { "Content-Type": "text/plain" }).end(answer.body ?? "accepted");
      });
      return;
    }
    gets.push({ path, userAgent: req.headers["user-agent"] ?? "" });
    const answer = pages.get(path);
    if (!answer) {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("not here");
      return;
    }
    if (answer.hang) {
      hanging.add(res);
      return;
    }
    res.writeHead(answer.status ?? 200, { "Content-Type": "text/html; charset=utf-8", ...answer.headers });
    if (answer.bytes) {
      const chunk = Buffer.alloc(64 * 1024, "a");
      let left = answer.bytes;
      const more = () => {
        while (left > 0) {
          const part = chunk.subarray(0, Math.min(left, chunk.length));
          left -= part.length;
          if (!res.write(part)) return void res.once("drain", more);
        }
        res.end();
      };
      res.on("error", () => undefined);
      more();
      return;
    }
    res.end(answer.body ?? "");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const origin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  return {
    origin,
    set: (path, answer) => pages.set(path, answer),
    gets,
    posts,
    close: () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * A page with an h-entry that links to `target`.
 * @example mentionPage("https://site/blog/x", { title: "Re: x", author: "Ana" })
 */
export function mentionPage(
  target: string | undefined,
  entry: { title?: string; author?: string; photo?: string; text?: string } = {},
): string {
  const link = target ? ` about <a href="${target}">this post</a>` : "";
  return `<!doctype html><html><head><meta charset="utf-8"><title>Page title</title></head><body>
<article class="h-entry">
  ${entry.title ? `<h1 class="p-name">${entry.title}</h1>` : ""}
  ${entry.author ? `<span class="p-author h-card">${entry.photo ? `<img class="u-photo" src="${entry.photo}" alt="">` : ""}<span class="p-name">${entry.author}</span></span>` : ""}
  <div class="e-content"><p>${entry.text ?? "I wrote"}${link}.</p></div>
</article></body></html>`;
}
