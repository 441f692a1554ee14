import { NotFound } from "~/components/NotFound.tsx";
import { notFound, notFoundMeta } from "~/lib/not-found.ts";
import type { Route } from "./+types/not-found";

export const loader = () => notFound();

export const meta: Route.MetaFunction = ({ location }) => notFoundMeta(location.pathname);

export default function NotFoundPage() {
  return <NotFound />;
}
