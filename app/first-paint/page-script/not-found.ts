/**
 * The 404 page logs the path that was asked for, for whoever debugs links
 * (`[data-not-found]`, markup from `app/components/NotFound.tsx`): the page
 * script does it for the served page, the component for one React renders
 * after a client-side navigation. Once per path shown.
 */
export function logNotFound(element: HTMLElement, pathname: string): void {
  if (element.dataset.logged === pathname) return;
  element.dataset.logged = pathname;
  console.error("404 Error: User attempted to access non-existent route:", pathname);
}

export function enhanceNotFound(doc: Document): void {
  const element = doc.querySelector<HTMLElement>("[data-not-found]");
  if (element) logNotFound(element, window.location.pathname);
}
