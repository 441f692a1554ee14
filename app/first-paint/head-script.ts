import { SIGNED_IN_COOKIE } from "~/lib/auth-cookies.ts";

/** `theme-color` per theme, also written by the head script when the theme is applied. */
export const themeColors = { light: "#ffffff", dark: "#09090b" } as const;

/** The event on `document` that has the head script apply the stored choices at once, if it has not yet. */
export const APPLY_CHOICES_EVENT = "apply-stored-choices";

/**
 * The one inline script of every page, run in `<head>`: in the page's first
 * frame, before its first paint, it applies the stored theme, and sends a
 * visitor who chose the other language to the same page in it. Crawlers
 * never have a stored choice, so they are never redirected. A page reached
 * with `?from=` is a blog post that exists in one language only, where the
 * server sent a reader of the other: it stays. Marks `<html data-auth="in">`
 * when the "signed in" hint cookie is present, so Admin/Sair show instead of
 * Login from the first paint.
 *
 * The reads of storage and cookies wait on the browser's other processes;
 * done as the parser meets the script, that wait lengthened the parse of the
 * whole page. A frame's animation callbacks run before its style, layout and
 * paint, so the first paint still shows the choices (decision 039). The app
 * asks for the same work at once before it hydrates (`APPLY_CHOICES_EVENT`),
 * so it never finds the document without them, even where no frame comes (a
 * tab in the background); the work is done once.
 * Kept tiny and dependency-free; the server allows it by hash or nonce in its
 * Content-Security-Policy.
 */
export const headScript = `(function(){var done=0;function a(){if(done)return;done=1;try{var d=document.documentElement,s=localStorage,t=s.getItem("theme");if(/(^|; )${SIGNED_IN_COOKIE}=1/.test(document.cookie))d.dataset.auth="in";if(t!=="dark")t="light";d.classList.toggle("dark",t==="dark");d.style.colorScheme=t;var m=document.querySelector('meta[name="theme-color"]');if(m)m.setAttribute("content",t==="dark"?"${themeColors.dark}":"${themeColors.light}");var l=s.getItem("language"),p=location.pathname,e=p==="/en"||p.indexOf("/en/")===0,r=location.search+location.hash;if(/[?&]from=/.test(location.search))l=null;if(l==="en"&&!e){d.style.visibility="hidden";location.replace("/en"+(p==="/"?"":p)+r)}else if(l==="pt"&&e){d.style.visibility="hidden";location.replace((p.slice(3)||"/")+r)}}catch(_){}}requestAnimationFrame(a);document.addEventListener("${APPLY_CHOICES_EVENT}",a)})()`;
