import { useEffect } from "react";
import { useLocation } from "react-router";
import { notify } from "~/components/layout/Toasts.tsx";
import { useT } from "~/i18n";
import { decodeFlash, FLASH_COOKIE, readCookie, SIGNED_IN_COOKIE } from "~/lib/auth-cookies.ts";

function markSignedIn(signedIn: boolean) {
  if (signedIn) document.documentElement.dataset.auth = "in";
  else delete document.documentElement.dataset.auth;
}

const hasHint = () => readCookie(document.cookie, SIGNED_IN_COOKIE) === "1";

/**
 * Brings server-side sign-in news to any page, static ones included: toasts
 * the one-time flash message a redirect left (then deletes it), keeps the
 * header in step with the "signed in" hint, and asks the server once per
 * page load whether the hinted session is real. Renders nothing; mount it
 * after the Toaster.
 */
export function AuthSync() {
  const { t } = useT();
  const location = useLocation();

  useEffect(() => {
    if (!hasHint()) return;
    const controller = new AbortController();
    fetch("/auth/me", { signal: controller.signal, headers: { Accept: "application/json" } })
      .then((response) => (response.ok ? (response.json() as Promise<{ user: unknown }>) : undefined))
      .then((body) => {
        if (body) markSignedIn(body.user !== null);
      })
      .catch(() => {
        // Offline or aborted: keep what the hint says until the next page.
      });
    return () => controller.abort();
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: every navigation may have brought a flash or a new hint
  useEffect(() => {
    markSignedIn(hasHint());
    const flash = decodeFlash(readCookie(document.cookie, FLASH_COOKIE));
    if (!flash) return;
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in some browsers we support; the value is constant
    document.cookie = `${FLASH_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
    const message = flash.text ?? t.auth[flash.key] ?? t.auth.loginError;
    if (flash.type === "success") notify("success", message);
    else notify("error", message);
  }, [location.key]);

  return null;
}
