/**
 * The page script: one small classic script every page loads (deferred, in
 * `<head>`), which makes the page's simple controls work from the first
 * paint, without React: theme, language, the header's menus, tabs, copy
 * buttons and the hero's typewriter; it logs a 404's path. Each behaviour is one listener on the
 * document, so it also serves what React renders later (a client-side
 * navigation), and React renders these controls' markup only. It also holds
 * the page's hydration until the first interaction (`hydration.ts`).
 * Built on its own by Vite (imported with `?worker&url` by `app/root.tsx`):
 * no module of the app comes with it but the few it imports.
 */
import { enhanceCopyButtons } from "./copy.ts";
import { enhanceDisclosures } from "./disclosure.ts";
import { hydrateOnInteraction } from "./hydration.ts";
import { enhanceLanguageLinks } from "./language.ts";
import { enhanceNotFound } from "./not-found.ts";
import { enhanceTabs } from "./tabs.ts";
import { enhanceThemeToggle } from "./theme.ts";
import { enhanceTypewriters } from "./typewriter.ts";

hydrateOnInteraction(document);
// Controls that need a script show from here on (e.g. the copy buttons, app/styles/app.css).
document.documentElement.dataset.enhanced = "true";
enhanceThemeToggle(document);
enhanceLanguageLinks(document);
enhanceDisclosures(document);
enhanceTabs(document);
enhanceCopyButtons(document);
enhanceTypewriters(document);
enhanceNotFound(document);
