/**
 * The site as a script uses it over HTTP, the way a browser does: sign-in
 * through (fake) GitHub's consent page, the admin's post actions and image
 * uploads, the contact form, and the admin's list of posts read back. The
 * kill tests (the cluster's `--kill`, `npm run soak`) and the mixed
 * bench drive the site with it; every call is one real request of the
 * production server's code path.
 */
import { decode } from "turbo-stream";
import { dataPathOf } from "../../app/lib/data-request.ts";

/** What the admin answers a post action with (app/server/blog/admin-actions.server.ts). */
export interface ActionAnswer {
  status: number;
  ok: boolean;
  intent: string;
  message: string;
  saved?: { id: string; updatedAt: string; pending: boolean };
}

/** A post as the admin's list gives it to its editor. */
export interface AdminPost {
  id: string;
  title: string;
  slug: string;
  content: string;
  coverImage: string | null;
  published: boolean;
  pending: boolean;
  updatedAt: string;
}

/** The fields of a post form; `published` as the switch sends it. */
export interface PostFields {
  title: string;
  slug: string;
  content: string;
  coverImage?: string | null;
  published?: boolean;
  lang?: "pt" | "en";
}

/** A request that got no answer (connection refused or reset, timeout): nothing is known of its outcome. */
export class NoAnswer extends Error {
  constructor(what: string, cause: unknown) {
    super(`${what}: no answer (${cause instanceof Error ? (cause.cause ?? cause.message) : String(cause)})`);
    this.name = "NoAnswer";
  }
}

const cookiePairs = (response: Response) => response.headers.getSetCookie().map((cookie) => cookie.split(";")[0] ?? "");

/** Merges Set-Cookie answers into a Cookie header (a cookie set again replaces the old; Max-Age=0 removes it). */
function mergeCookies(header: string, response: Response): string {
  const jar = new Map(
    header
      .split("; ")
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf("=")), pair] as const),
  );
  for (const raw of response.headers.getSetCookie()) {
    const pair = raw.split(";")[0] ?? "";
    const name = pair.slice(0, pair.indexOf("="));
    if (/max-age=0/i.test(raw)) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join("; ");
}

/** `fetch` that turns "no answer" into NoAnswer, with a time limit. */
async function request(url: string, init: RequestInit, timeoutMs = 30_000): Promise<Response> {
  try {
    const response = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(timeoutMs), ...init });
    // A balancer's 502 or 504: the server it chose died or hung with the request; its outcome is unknown.
    if (response.status === 502 || response.status === 504) {
      await response.arrayBuffer().catch(() => undefined);
      throw new Error(`the balancer answered ${response.status}`);
    }
    return response;
  } catch (error) {
    throw new NoAnswer(`${init.method ?? "GET"} ${new URL(url).pathname}`, error);
  }
}

/** Reads a whole body; a connection cut in the middle of it is no answer either. */
async function bodyOf(response: Response, what: string): Promise<Uint8Array> {
  try {
    return new Uint8Array(await response.arrayBuffer());
  } catch (error) {
    throw new NoAnswer(what, error);
  }
}

/**
 * React Router's data answer (`.data`) decoded: an action's, or one route's of a
 * loader answer. React Router writes it in turbo-stream's format (version 2,
 * which it carries inside itself); plain values, which is all the admin's
 * answers hold, come out as they went in. Its own kinds of value (a redirect,
 * an error) are plugins of its decoder: here each becomes an object named by
 * its kind, so an answer that holds one has no `data` and says so below.
 */
async function routeData(bytes: Uint8Array, routeId?: string): Promise<unknown> {
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
  const decoded = await decode(stream, { plugins: [(kind, ...values) => ({ value: { [kind]: values } })] });
  const value = decoded.value as Record<string, { data?: unknown; error?: unknown } | undefined>;
  const entry = routeId === undefined ? (value as { data?: unknown }) : value[routeId];
  if (!entry || !("data" in entry)) throw new Error(`no data of ${routeId ?? "the action"} in the answer`);
  return entry.data;
}

/**
 * Signs in as `login` through the site's real sign-in: the header's Login
 * post, GitHub's consent page (the fake one of tools/fake-github answers the
 * same way), and the callback, which sets the session cookie.
 * @example const cookie = await signIn("http://127.0.0.1:8080", "rafael-werneck");
 */
export async function signIn(origin: string, login: string): Promise<string> {
  const start = await request(`${origin}/auth/github`, {
    method: "POST",
    headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
    body: "lang=pt",
  });
  const authorize = new URL(start.headers.get("Location") ?? "");
  if (!authorize.pathname.endsWith("/login/oauth/authorize"))
    throw new Error(`sign-in did not start (${start.status} → ${authorize})`);
  const consent = new URLSearchParams({ login });
  for (const name of ["redirect_uri", "state", "code_challenge", "scope"])
    consent.set(name, authorize.searchParams.get(name) ?? "");
  const back = await request(authorize.toString(), { method: "POST", body: consent });
  const callback = new URL(back.headers.get("Location") ?? "");
  // The callback is PUBLIC_URL's; it is asked of the origin given, which may be another address of the same site.
  const answer = await request(`${origin}${callback.pathname}${callback.search}`, {
    headers: { Cookie: cookiePairs(start).join("; ") },
  });
  const cookie = mergeCookies("", answer);
  if (!/(^|; )(__Host-)?session=/.test(cookie)) throw new Error(`sign-in set no session (${answer.status})`);
  return cookie;
}

/** A signed-in author's admin, over HTTP. */
export class AdminClient {
  readonly origin: string;
  readonly cookie: string;
  constructor(origin: string, cookie: string) {
    this.origin = origin;
    this.cookie = cookie;
  }

  private headers(extra: Record<string, string> = {}) {
    return { Origin: this.origin, Cookie: this.cookie, ...extra };
  }

  /** Posts the admin's post form (`intent` create, update, autosave or delete) as the page's script does. */
  async action(
    intent: string,
    fields: Partial<PostFields> & { id?: string; updatedAt?: string },
  ): Promise<ActionAnswer> {
    const form = new URLSearchParams({ intent, lang: fields.lang ?? "pt" });
    for (const [name, value] of Object.entries(fields)) {
      if (name === "published") {
        // A publication that would mail says whether to (decision 057): the writers' readers get their mails.
        if (value) {
          form.set("published", "on");
          form.set("newsletter", "send");
        }
      } else if (value !== undefined && value !== null) form.set(name, String(value));
    }
    const what = `${intent} ${fields.id ?? fields.slug ?? ""}`;
    const response = await request(`${this.origin}${dataPathOf("/admin/blog")}`, {
      method: "POST",
      headers: this.headers({ "Content-Type": "application/x-www-form-urlencoded" }),
      body: form,
    });
    const bytes = await bodyOf(response, what);
    if (response.status >= 500) return { status: response.status, ok: false, intent, message: "server error" };
    const body = (await routeData(bytes)) as Omit<ActionAnswer, "status">;
    return { ...body, status: response.status };
  }

  /** Uploads an image (cover or one for the text); the answer's URL once stored. */
  async upload(bytes: Uint8Array, name = "image.png"): Promise<{ status: number; url?: string }> {
    const form = new FormData();
    form.set("file", new Blob([new Uint8Array(bytes)], { type: "image/png" }), name);
    const response = await request(`${this.origin}/admin/blog/upload?lang=pt`, {
      method: "POST",
      headers: this.headers(),
      body: form,
    });
    const body = new TextDecoder().decode(await bodyOf(response, "upload"));
    if (response.status !== 201) return { status: response.status };
    return { status: response.status, url: (JSON.parse(body) as { url: string }).url };
  }

  /** The author's posts as the admin lists them (a published post's autosaved changes included). */
  async posts(): Promise<AdminPost[]> {
    const response = await request(`${this.origin}${dataPathOf("/admin/blog")}`, { headers: this.headers() });
    const bytes = await bodyOf(response, "admin list");
    if (response.status !== 200) throw new Error(`the admin list answered ${response.status}`);
    // Loader answers are keyed by route id; the site's ids are "{lang}:{page key}" (app/routing/pages.ts).
    const data = (await routeData(bytes, "pt:adminBlog")) as { posts: AdminPost[] };
    return data.posts;
  }

  /** The stored contact messages' ids, newest first, as the admin inbox lists them (the newest 500). */
  async messageIds(): Promise<string[]> {
    return (await this.inbox()).map((message) => message.id);
  }

  private async inbox(): Promise<{ id: string; message: string }[]> {
    const response = await request(`${this.origin}${dataPathOf("/admin/messages")}`, { headers: this.headers() });
    const bytes = await bodyOf(response, "admin inbox");
    if (response.status !== 200) throw new Error(`the admin inbox answered ${response.status}`);
    const data = (await routeData(bytes, "pt:adminMessages")) as { messages: { id: string; message: string }[] };
    return data.messages;
  }

  /** The contact messages' texts, newest first, as the admin inbox lists them (the newest 500). */
  async messages(): Promise<string[]> {
    return (await this.inbox()).map((message) => message.message);
  }
}

/** Reads a stored image as the site serves it; `undefined` when it is not there. */
export async function readUpload(origin: string, url: string): Promise<Uint8Array | undefined> {
  const response = await request(`${origin}${url}`, {});
  const bytes = await bodyOf(response, `GET ${url}`);
  if (response.status === 404) return undefined;
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
  return bytes;
}

/** A visitor of the contact form: its fill-time cookie taken once (the clock it starts stays valid a day). */
export class ContactClient {
  private cookie = "";
  readonly origin: string;
  constructor(origin: string) {
    this.origin = origin;
  }

  /** Loads the form's image, which starts the fill-time clock; wait 3 s before the first send. */
  async open(): Promise<void> {
    const response = await request(`${this.origin}/contact/started`, {});
    await bodyOf(response, "contact started");
    this.cookie = mergeCookies(this.cookie, response);
  }

  /** Sends a message as the form's script does; `ok` once the server said it is stored. */
  async send(fields: { name: string; email: string; message: string }): Promise<{ status: number; ok: boolean }> {
    const form = new URLSearchParams({ ...fields, lang: "pt", website: "" });
    const response = await request(`${this.origin}/contact/send`, {
      method: "POST",
      headers: { Origin: this.origin, Cookie: this.cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: form,
    });
    const body = new TextDecoder().decode(await bodyOf(response, "contact send"));
    this.cookie = mergeCookies(this.cookie, response);
    const ok = response.status === 200 && (JSON.parse(body) as { ok?: boolean }).ok === true;
    return { status: response.status, ok };
  }
}
