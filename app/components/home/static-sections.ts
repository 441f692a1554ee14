/**
 * The home page's sections that need no JavaScript: rendered on the server
 * and adopted as they are when the page hydrates (see `StaticIsland`); this
 * module loads in the browser only when a client-side navigation renders the
 * home page afresh.
 */
export { Experience } from "./Experience.tsx";
export { Faq } from "./Faq.tsx";
export { Technologies } from "./Technologies.tsx";
export { Testimonials } from "./Testimonials.tsx";
