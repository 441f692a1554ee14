/**
 * What the rest of the server knows of the fediverse's Fedify side, named
 * apart from its making so the services, the doorway and the admin can hold
 * it without importing Fedify, which loads on first use (decision 095).
 */
import type { Federation } from "@fedify/fedify";
import type { SQL } from "drizzle-orm";
import type { ListedResponse } from "../responses/responses.server.ts";

/** The longest answer the author may write to a reply, in characters. */
export const ANSWER_MAX_LENGTH = 2000;

/** The author's answers to replies (answer.server.ts), sent through this server's federation. */
export interface FediverseAnswers {
  /** Stores the answer under the post and queues its Create. */
  answer(reply: ListedResponse, markdown: string): Promise<void>;
  /** Withdraws the answers to one reply; how many Deletes were queued. */
  withdraw(replyId: string): Promise<number>;
  /** Withdraws the answers to the replies `where` selects (an account or instance blocked). */
  withdrawTo(where: SQL | undefined): Promise<number>;
}

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
