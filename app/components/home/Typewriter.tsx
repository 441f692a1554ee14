import { useEffect, useState } from "react";
import { runTypewriter } from "~/lib/typewriter.ts";

/**
 * Types, holds and deletes each name in turn. Screen readers get the first
 * name once (the animation is hidden from them); with reduced motion, or
 * before hydration, the first name simply stands still.
 */
export function Typewriter({ names }: { names: readonly string[] }) {
  const first = names[0] ?? "";
  const [text, setText] = useState(first);
  const [animated, setAnimated] = useState(false);

  useEffect(() => {
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)");
    let stop: (() => void) | undefined;
    const sync = () => {
      stop?.();
      stop = undefined;
      setText(names[0] ?? "");
      setAnimated(!reduce.matches);
      if (!reduce.matches) stop = runTypewriter(names, setText);
    };
    sync();
    reduce.addEventListener("change", sync);
    return () => {
      stop?.();
      reduce.removeEventListener("change", sync);
    };
  }, [names]);

  return (
    <>
      <span className="sr-only">{first}</span>
      <span aria-hidden="true" data-testid="typewriter" data-animated={animated}>
        <span className="brand-gradient-text">{text}</span>
        {animated && (
          <span className="ml-1 inline-block h-[0.9em] w-[3px] translate-y-[0.1em] animate-blink rounded-full bg-accent" />
        )}
      </span>
    </>
  );
}
