import { collectRegistered, type MetricFamily } from "../app/server/metrics.server.ts";
import type { HttpMetrics } from "../http-server/observability.ts";
import { eventLoopLag, processFamilies } from "./metrics-text.ts";

/**
 * Everything this process reports: its responses, memory, event-loop lag and
 * what the application registered (app/server/metrics.server.ts).
 */
export function processCollector(http: HttpMetrics): () => MetricFamily[] {
  const lag = eventLoopLag();
  return () => [...http.families(), ...processFamilies(), ...lag(), ...collectRegistered()];
}
