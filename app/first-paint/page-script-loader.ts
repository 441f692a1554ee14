/**
 * The inline script in every page's `<head>` that loads the page script
 * (`app/first-paint/page-script/`) once the page has painted its content and been read to
 * its end (`DOMContentLoaded`, if the paint came first).
 *
 * Lighthouse simulates a phone from a fast load on which every request made
 * before the first paint counts against it: a 2 KB script asked for in
 * `<head>`, even deferred, shared the bandwidth with the stylesheet and
 * font and moved LCP from 1.05 to 1.14–1.46 s (decision 031). So nothing
 * but the HTML, the stylesheet, the font and the main image is asked for
 * before the first contentful paint (at once where the browser cannot
 * report paints; a tab opened in the background when it is first shown).
 * The script element goes into `<head>`: added to `<body>` it changed which
 * element is the body's last child, which made the browser restyle the
 * whole page (TBT 166–258 ms against 3–86 ms, decision 031).
 * The loader itself sits before the stylesheet: an inline script after a
 * stylesheet waits for it, and the parser with it, which split the page's
 * first parse and style into a task of their own that Lighthouse's model
 * of the first paint leaves out (decision 038).
 * The same moment marks the page painted (`data-painted` on the root),
 * which lets its other pictures load (`data-after-paint`, app/styles/app.css).
 * Links, forms, the FAQ and the search box work without it. `module` loads
 * it as a module script (development serves the source, which imports).
 *
 * The page gets this function's text, minified by the build and called with
 * the script's address (`inline-scripts.ts`), never the module.
 */
export default function loadPageScript(src: string, module: boolean): void {
  const doc = document;
  let done = false;
  function add() {
    const script = doc.createElement("script");
    if (module) script.type = "module";
    script.src = src;
    doc.head.append(script);
  }
  function load() {
    if (done) return;
    done = true;
    doc.documentElement.setAttribute("data-painted", "");
    if (doc.readyState === "loading") doc.addEventListener("DOMContentLoaded", add);
    else add();
  }
  // Browsers without paint timing, or without the observer at all, load it once the page is read.
  const Observer: typeof PerformanceObserver | undefined = window.PerformanceObserver;
  const types = Observer?.supportedEntryTypes || [];
  if (types.indexOf("paint") < 0) {
    load();
    return;
  }
  new Observer((list, observer) => {
    if (list.getEntriesByName("first-contentful-paint").length) {
      observer.disconnect();
      load();
    }
  }).observe({ type: "paint", buffered: true });
}
