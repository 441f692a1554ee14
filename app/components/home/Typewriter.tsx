import { useEffect, useRef } from "react";
import { startTypewriter } from "~/first-paint/page-script/typewriter.ts";

/**
 * Types, holds and deletes each name in turn (`app/first-paint/page-script/typewriter.ts`:
 * the page script starts it in the served page, this component when React
 * renders the hero after a client-side navigation). Screen readers get the
 * first name once (the animation is hidden from them); with reduced motion
 * the first name simply stands still.
 */
export function Typewriter({ names }: { names: readonly string[] }) {
  const first = names[0] ?? "";
  const element = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (element.current) startTypewriter(element.current);
  }, []);
  return (
    <>
      <span className="sr-only">{first}</span>
      <span
        ref={element}
        aria-hidden="true"
        className="group/typewriter"
        data-typewriter=""
        data-names={JSON.stringify(names)}
        data-animated="false"
        data-testid="typewriter"
      >
        {/* The page script may have typed on before hydration: React keeps that text. */}
        <span className="brand-gradient-text" data-typewriter-text="" suppressHydrationWarning>
          {first}
        </span>
        <span className="ml-1 hidden h-[0.9em] w-[3px] translate-y-[0.1em] animate-blink rounded-full bg-accent group-data-[animated=true]/typewriter:inline-block" />
      </span>
    </>
  );
}
