/** The site's Fedify federation, named apart from its making so the services can hold one without importing it. */
import type { Federation } from "@fedify/fedify";

/**
 * What one inbox request leaves for the doorway: set by a listener that
 * refuses a verified activity (a reply whose Note cannot be fetched, a
 * follow of no account of the site), so the sender gets that 4xx instead
 * of Fedify's 202 or 500. Fedify carries it as the request's context data.
 */
export interface InboxOutcome {
  refusal?: { status: number; reason: string };
}

export type SiteFederation = Federation<InboxOutcome>;
