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

// The page ships only the strings it renders, in its own language: fetch them,
// then hydrate. Should they fail to load, the page stays as served, readable.
loadStringsFor(window.location.pathname).then(hydrate, (error: unknown) => {
  console.error("The page's strings could not be loaded; it stays without interactivity.", error);
});
