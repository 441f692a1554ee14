import type { ShouldRevalidateFunctionArgs } from "react-router";

/**
 * `shouldRevalidate` for pages whose loader data is decided by the path alone
 * (content built once per page and language, no actions): a change of hash or
 * query on the same page keeps the data it has instead of fetching it again.
 * @example keepDataOnSamePath({ currentUrl: new URL("https://site/about#career"), nextUrl: new URL("https://site/about"), defaultShouldRevalidate: true }) // false
 */
export function keepDataOnSamePath({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: Pick<ShouldRevalidateFunctionArgs, "currentUrl" | "nextUrl" | "defaultShouldRevalidate">): boolean {
  return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;
}
