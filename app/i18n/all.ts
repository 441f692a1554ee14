/**
 * Provides both languages' dictionaries to this process. Server code imports
 * it (entry.server, every server module that writes text, the test setup);
 * browser code never does, so a page ships only its own language.
 */
import { en } from "./en.ts";
import { provideDictionary } from "./index.ts";
import { pt } from "./pt.ts";

provideDictionary("pt", pt);
provideDictionary("en", en);
