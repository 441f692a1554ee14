/**
 * One scrape for the whole server when workers share it (decision 028): the
 * primary asks each worker for its metric families over the cluster's IPC
 * channel and merges their answers; a worker answers with what it collects.
 * A worker that does not answer within the time limit is left out of that
 * scrape. Loads nothing of the server: the primary uses it.
 */
import cluster, { type Worker } from "node:cluster";
import type { MetricFamily } from "../app/server/metrics.server.ts";
import { isFamilyList } from "./metrics-text.ts";

const REQUEST = "portfolio:metrics-request";
const REPLY = "portfolio:metrics-reply";
/** How long a scrape waits for a worker. */
export const WORKER_SCRAPE_TIMEOUT_MS = 2000;

interface MetricsRequest {
  type: typeof REQUEST;
  id: number;
}

interface MetricsReply {
  type: typeof REPLY;
  id: number;
  families: MetricFamily[];
}

const isRequest = (message: unknown): message is MetricsRequest =>
  typeof message === "object" && message !== null && (message as Partial<MetricsRequest>).type === REQUEST;

const isReply = (message: unknown): message is MetricsReply =>
  typeof message === "object" &&
  message !== null &&
  (message as Partial<MetricsReply>).type === REPLY &&
  typeof (message as Partial<MetricsReply>).id === "number" &&
  isFamilyList((message as Partial<MetricsReply>).families);

/** In a worker: answers the primary's requests with this process's families. */
export function answerMetricsRequests(collect: () => MetricFamily[]): void {
  process.on("message", (message: unknown) => {
    if (!isRequest(message)) return;
    const reply: MetricsReply = { type: REPLY, id: message.id, families: collect() };
    process.send?.(reply);
  });
}

let nextId = 0;
const pending = new Map<number, (families: MetricFamily[]) => void>();
let listening = false;

/**
 * In the primary: each worker's families, labelled by the worker's index;
 * workers that fail to answer in time are missing from the result.
 */
export async function gatherFromWorkers(
  workers: Iterable<readonly [Worker, number]>,
  timeoutMs = WORKER_SCRAPE_TIMEOUT_MS,
): Promise<{ worker: string; families: MetricFamily[] }[]> {
  if (!listening) {
    listening = true;
    cluster.on("message", (_worker, message: unknown) => {
      if (isReply(message)) pending.get(message.id)?.(message.families);
    });
  }
  const asked = [...workers].map(async ([worker, index]) => {
    nextId += 1;
    const id = nextId;
    const families = await new Promise<MetricFamily[] | undefined>((resolve) => {
      const timer = setTimeout(() => {
        pending.delete(id);
        resolve(undefined);
      }, timeoutMs);
      pending.set(id, (answer) => {
        clearTimeout(timer);
        pending.delete(id);
        resolve(answer);
      });
      const request: MetricsRequest = { type: REQUEST, id };
      try {
        worker.send(request);
      } catch {
        clearTimeout(timer);
        pending.delete(id);
        resolve(undefined);
      }
    });
    return families ? { worker: String(index), families } : undefined;
  });
  return (await Promise.all(asked)).filter((part) => part !== undefined);
}
