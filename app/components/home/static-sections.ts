/**
 * The home page's sections that only show content: rendered on the server
 * and adopted as they are when the page hydrates (see `StaticIsland`); this
 * module loads in the browser only when a client-side navigation renders the
 * home page afresh.
 */
export { Experience } from "./Experience.tsx";
export { Technologies } from "./Technologies.tsx";
export { Testimonials } from "./Testimonials.tsx";
