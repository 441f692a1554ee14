import { useEffect } from "react";
import { useLocation } from "react-router";
import { ArrowLeft, SearchX } from "~/components/icons";
import { LocalLink } from "../ui/LocalLink.tsx";
import { buttonPrimary } from "./styles.ts";

/** The page of a project or service that does not exist, with the way back to its list. */
export function ItemNotFound({
  heading,
  description,
  back,
}: {
  heading: string;
  description: string;
  back: { to: string; label: string };
}) {
  const { pathname } = useLocation();
  useEffect(() => {
    console.error("404 Error: User attempted to access non-existent route:", pathname);
  }, [pathname]);
  return (
    <section className="container-page grid min-h-[60dvh] place-content-center py-24 text-center">
      <span
        aria-hidden="true"
        className="mx-auto grid size-16 place-items-center rounded-2xl bg-accent-soft text-accent-soft-fg"
      >
        <SearchX className="size-8" />
      </span>
      <h1 className="mt-6 text-balance text-3xl font-bold tracking-tight sm:text-4xl">{heading}</h1>
      <p className="mx-auto mt-4 max-w-md text-pretty text-fg-muted">{description}</p>
      <LocalLink to={back.to} className={`${buttonPrimary} mx-auto mt-8`}>
        <ArrowLeft className="size-4" aria-hidden="true" />
        {back.label}
      </LocalLink>
    </section>
  );
}
