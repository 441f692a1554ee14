/** The site's Fedify federation, named apart from its making so the services can hold one without importing it. */
import type { Federation } from "@fedify/fedify";

export type SiteFederation = Federation<void>;
