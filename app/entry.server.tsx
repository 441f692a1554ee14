import { randomBytes } from "node:crypto";
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { type RenderToPipeableStreamOptions, renderToPipeableStream } from "react-dom/server";
import {
  type EntryContext,
  type HandleErrorFunction,
  isRouteErrorResponse,
  type RouterContextProvider,
  ServerRouter,
} from "react-router";
import "~/i18n/all.ts";
import type { HydrationHandle } from "~/first-paint/held-hydration.ts";
import { InlineIcons } from "~/first-paint/inline-icons.server.ts";
import { finishPageHtmlStream } from "~/first-paint/page-html.server.ts";
import { ArticleHtmlContext } from "~/lib/article-html.ts";
import { contentSecurityPolicy } from "~/lib/csp.ts";
import { NonceContext } from "~/lib/nonce.ts";
import { signInFormTargets } from "~/server/auth/settings.server.ts";
import { logError } from "~/server/log.server.ts";
import {
  articleHtmlContext,
  cacheableRenderContext,
  servedRequestContext,
  servicesIfServing,
} from "~/server/request-context.server.ts";

export const streamTimeout = 5_000;

/**
 * Errors of loaders, actions and rendering on the server: one log line, with
 * the request's id and without addresses (app/server/log.server.ts), instead
 * of React Router's console.error. A request the client gave up is not an error.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  logError("A request failed:", error);
};

function hydratesAtOnce({ staticHandlerContext, routeModules }: EntryContext): boolean {
  return staticHandlerContext.matches.some(
    ({ route }) => (routeModules[route.id]?.handle as HydrationHandle | undefined)?.hydrateAtOnce === true,
  );
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  // A page rendered for the response cache is shared by many responses, and a
  // prerendered page is a file: neither has a nonce, their inline scripts are
  // allowed by hash (the cache's CSP, http-server/static-pages.ts).
  const forCache = loadContext.get(cacheableRenderContext);
  const served = loadContext.get(servedRequestContext);
  // Otherwise a fresh nonce per response lets exactly this page's inline scripts run.
  const nonce = forCache || !served ? undefined : randomBytes(16).toString("base64");
  if (nonce) {
    responseHeaders.set(
      "Content-Security-Policy",
      contentSecurityPolicy({
        scripts: [`'nonce-${nonce}'`],
        formTargets: signInFormTargets(servicesIfServing(loadContext)?.auth),
        development: import.meta.env.DEV,
      }),
    );
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole document at once; people get the shell as soon as it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions =
      forCache || (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext value={nonce ?? ""}>
        <ArticleHtmlContext value={loadContext.get(articleHtmlContext) || undefined}>
          <ServerRouter context={routerContext} url={request.url} {...(nonce ? { nonce } : {})} />
        </ArticleHtmlContext>
      </NonceContext>,
      {
        ...(nonce ? { nonce } : {}),
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          // The site icon and the icons' drawings go into the page; pages to read
          // load their scripts after their first paint (app/first-paint/page-html.server.ts).
          // In development React would report each rewritten icon as a mismatch.
          const finished = finishPageHtmlStream({
            holdHydration: !hydratesAtOnce(routerContext),
            inlineIcons: import.meta.env.DEV ? undefined : new InlineIcons(),
          });
          finished.pipe(body);
          pipe(finished);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logError("Rendering a page failed:", error);
        },
      },
    );
  });
}
