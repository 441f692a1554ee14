/**
 * The page script: one small classic script every page loads right after its
 * first paint (`app/first-paint/page-script-loader.ts`), which makes the page's
 * simple controls work without React: theme, language, the header's menus,
 * the contact dialog, the terminal's launcher, tabs, copy buttons and the
 * hero's typewriter; it logs a 404's path. Each
 * behaviour is one listener on the document, so it also serves what React
 * renders later (a client-side navigation), and React renders these
 * controls' markup only. It also holds the page's hydration until the first
 * interaction (`hydration.ts`). Built on its own by Vite (imported with
 * `?worker&url` by `app/root.tsx`): no module of the app comes with it but
 * the few it imports.
 */
import { enhanceCopyButtons, showCopyButtons } from "./copy.ts";
import { enhanceDialogs } from "./dialog.ts";
import { enhanceDisclosures } from "./disclosure.ts";
import { hydrateOnInteraction } from "./hydration.ts";
import { enhanceLanguageLinks } from "./language.ts";
import { enhanceNotFound } from "./not-found.ts";
import { enhanceTabs } from "./tabs.ts";
import { enhanceTerminalLauncher } from "./terminal.ts";
import { enhanceThemeToggle } from "./theme.ts";
import { enhanceTypewriters } from "./typewriter.ts";

hydrateOnInteraction(document);
enhanceThemeToggle(document);
enhanceLanguageLinks(document);
enhanceDisclosures(document);
enhanceDialogs(document);
enhanceTerminalLauncher(document);
enhanceTabs(document);
enhanceCopyButtons(document);
showCopyButtons(document);
enhanceTypewriters(document);
enhanceNotFound(document);
// A marker for tests and tools that need to know the page's controls answer.
document.documentElement.dataset.pageScript = "ready";
