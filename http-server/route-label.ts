/**
 * The route a response belongs to, for the metrics and the request log
 * (decision 028): middleware that answers a request itself names its group
 * (`static`, `/uploads/*`, `/healthz`…) on the response; the others are
 * labelled from the route table when the response ends.
 */
import type { ServerResponse } from "node:http";

const LABEL = Symbol("portfolio.routeLabel");

type Labelled = ServerResponse & { [LABEL]?: string };

/** Names the route group of this response. */
export function labelRoute(res: ServerResponse, label: string): void {
  (res as Labelled)[LABEL] = label;
}

/** The group a middleware named, if one did. */
export function routeLabelOf(res: ServerResponse): string | undefined {
  return (res as Labelled)[LABEL];
}
