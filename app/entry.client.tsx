import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { APPLY_CHOICES_EVENT } from "~/first-paint/head-script.ts";
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

// The page ships only the strings it renders, in its own language: fetch them,
// then hydrate. Should they fail to load, the page stays as served, readable.
loadStringsFor(window.location.pathname).then(
  () => {
    // The head script applies the stored theme, language and signed-in mark in the
    // page's first frame (app/first-paint/head-script.ts); the app must find them in place.
    document.dispatchEvent(new Event(APPLY_CHOICES_EVENT));
    hydrate();
  },
  (error: unknown) => {
    console.error("The page's strings could not be loaded; it stays without interactivity.", error);
  },
);
