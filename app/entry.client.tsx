import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { loadStringsFor } from "~/i18n";

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

// The head script applies the stored theme and the signed-in mark in the page's
// first frame (app/lib/head-script.ts); a callback asked for now runs after its own.
const firstFrame = new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

// The page ships only the strings it renders, in its own language: fetch them,
// then hydrate, never before the first frame, so the app finds the document as
// the visitor's choices made it. Should the strings fail to load, the page
// stays as served, readable.
Promise.all([loadStringsFor(window.location.pathname), firstFrame]).then(hydrate, (error: unknown) => {
  console.error("The page's strings could not be loaded; it stays without interactivity.", error);
});
