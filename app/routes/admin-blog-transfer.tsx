import { data } from "react-router";
import { PostsSubpageHeader } from "~/components/admin/PostsSubpageHeader.tsx";
import { ExportPanel, ImportPanel, RedirectsPanel } from "~/components/admin/Transfer.tsx";
import type { SignedInHandle } from "~/components/layout/AuthButtons.tsx";
import type { HydrationHandle } from "~/first-paint/held-hydration.ts";
import { dictionaryFor, langFromPath, useT } from "~/i18n";
import { adminPageMeta } from "~/lib/seo.ts";
import { authorContext, requireAuthor } from "~/server/auth/guard.server.ts";
import { countUnread } from "~/server/contact/messages.server.ts";
import { readForm } from "~/server/form.server.ts";
import { servicesOf } from "~/server/request-context.server.ts";
import { formBoundary } from "~/server/transfer/form-upload.server.ts";
import {
  applyByForm,
  type ImportFormServices,
  importByForm,
  importProgressState,
} from "~/server/transfer/import-form.server.ts";
import { addAuthorRedirect, listRedirects, removeRedirect } from "~/server/transfer/redirects.server.ts";
import type { Route } from "./+types/admin-blog-transfer";

// Runs before the loader and the action, on document and data requests alike: a visitor never reaches either.
export const middleware: Route.MiddlewareFunction[] = [requireAuthor];

// A screen of controls: hydrated as soon as its scripts arrive, not after its first paint.
export const handle = { hydrateAtOnce: true, signedIn: true } satisfies HydrationHandle & SignedInHandle;

/** The action's headers (the import's refusal's Retry-After) reach the page that shows its answer. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

export const meta: Route.MetaFunction = ({ location }) =>
  adminPageMeta(dictionaryFor(langFromPath(location.pathname)).admin.transfer, location.pathname);

/** The import's services for the plain form and the page of an import's progress. */
function importServices(context: Route.LoaderArgs["context"]): ImportFormServices {
  const { db, uploads, importLimiter, keptImports } = servicesOf(context);
  if (!keptImports) throw new Error("The import's kept files are not set up: runtime/serve.ts gives them");
  return { db, uploads, limiter: importLimiter, kept: keptImports };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = servicesOf(context);
  const author = context.get(authorContext);
  // `?import=`: the page of a kept file's import, without scripts (decision 085).
  const token = new URL(request.url).searchParams.get("import");
  const [redirects, unread, importing] = await Promise.all([
    listRedirects(db, author.id),
    countUnread(db),
    token
      ? importProgressState(importServices(context).kept, token, langFromPath(new URL(request.url).pathname), author.id)
      : undefined,
  ]);
  return {
    unread,
    redirects: redirects.rows.map(({ path, source, target, title, kind, lang }) => ({
      path,
      source,
      target,
      title,
      kind,
      lang,
    })),
    redirectsTotal: redirects.total,
    importing,
  };
}

const REDIRECT_FORM_BYTES = 64 * 1024;

/**
 * Adds an old address to one of the author's posts, or removes one; or,
 * posted by the import's plain form (without scripts), a file's dry run,
 * answered as the page, or the start of its kept file's import, answered
 * with the page of its progress.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const lang = langFromPath(new URL(request.url).pathname);
  const texts = dictionaryFor(lang).admin.transfer.redirects;
  const author = context.get(authorContext);
  const boundary = formBoundary(request.headers.get("content-type"));
  const { db } = servicesOf(context);
  if (boundary) return importByForm(request, boundary, lang, importServices(context), author.id);
  // The page's path takes an import's size (http-server/app.ts); its other forms are a path and an address.
  if (Number(request.headers.get("content-length") ?? 0) > REDIRECT_FORM_BYTES) {
    throw new Response("Payload Too Large", { status: 413, headers: { "Content-Type": "text/plain" } });
  }
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  if (intent === "apply-import") return applyByForm(form, lang, importServices(context), author.id);
  if (intent === "remove-redirect") {
    const removed = await removeRedirect(db, author.id, String(form.get("path") ?? ""));
    return removed
      ? data({ ok: true, message: texts.removed })
      : data({ ok: false, message: texts.errors.taken }, { status: 404 });
  }
  if (intent === "add-redirect") {
    const result = await addAuthorRedirect(
      db,
      author.id,
      String(form.get("post") ?? ""),
      String(form.get("path") ?? ""),
    );
    if (result.status === "added") return data({ ok: true, message: texts.added });
    return data({ ok: false, message: texts.errors[result.status] }, { status: 400 });
  }
  return data({ ok: false, message: dictionaryFor(lang).admin.errors.unknownIntent }, { status: 400 });
}

export default function AdminTransferPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT();
  const texts = t.admin.transfer;
  return (
    <>
      <PostsSubpageHeader unread={loaderData.unread} heading={texts.title} lead={texts.description} />
      <div className="container-page grid gap-8 py-10">
        <ExportPanel />
        <ImportPanel posted={actionData && "import" in actionData ? actionData.import : loaderData.importing} />
        <RedirectsPanel redirects={loaderData.redirects} total={loaderData.redirectsTotal} />
      </div>
    </>
  );
}
