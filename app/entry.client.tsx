import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { langFromPath, loadDictionary } from "~/i18n";

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

// The page ships only its own language's strings: fetch them, then hydrate.
// Should they fail to load, the prerendered page stays as it is, fully readable.
loadDictionary(langFromPath(window.location.pathname)).then(hydrate, (error: unknown) => {
  console.error("The page's strings could not be loaded; it stays without interactivity.", error);
});
