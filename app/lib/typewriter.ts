/**
 * The hero's typewriter as a schedule: which text shows and for how long.
 * It starts on the first full name (the text already in the prerendered HTML,
 * so nothing jumps on hydration), holds it, deletes it, types the next one.
 */

export interface TypewriterTiming {
  /** Time each typed character stays before the next one. */
  typeMs: number;
  /** Time the full name stays before deleting starts. */
  pauseMs: number;
  /** Time each deletion stays before the next one. */
  deleteMs: number;
}

/** The product's timings: 120 ms per typed character, 2 s on the full name, 80 ms per deleted one. */
export const TYPEWRITER_TIMING: TypewriterTiming = { typeMs: 120, pauseMs: 2000, deleteMs: 80 };

export interface TypewriterStep {
  nameIndex: number;
  /** How many characters of the name show. */
  length: number;
  deleting: boolean;
}

/** The first step: the first name in full. */
export function firstStep(names: readonly string[]): TypewriterStep {
  return { nameIndex: 0, length: names[0]?.length ?? 0, deleting: false };
}

/** The text a step shows. */
export function stepText(step: TypewriterStep, names: readonly string[]): string {
  return (names[step.nameIndex] ?? "").slice(0, step.length);
}

/**
 * How long `step` stays on screen and which step follows it.
 * @example nextStep({ nameIndex: 0, length: 1, deleting: false }, ["Ana"]).delay // 120
 */
export function nextStep(
  step: TypewriterStep,
  names: readonly string[],
  timing: TypewriterTiming = TYPEWRITER_TIMING,
): { delay: number; next: TypewriterStep } {
  const full = names[step.nameIndex]?.length ?? 0;
  if (!step.deleting && step.length < full) {
    return { delay: timing.typeMs, next: { ...step, length: step.length + 1 } };
  }
  if (!step.deleting) {
    return { delay: timing.pauseMs, next: { ...step, length: full - 1, deleting: true } };
  }
  if (step.length > 0) {
    return { delay: timing.deleteMs, next: { ...step, length: step.length - 1 } };
  }
  // The empty line waits one typing beat, then the next name starts.
  return { delay: timing.typeMs, next: { nameIndex: (step.nameIndex + 1) % names.length, length: 1, deleting: false } };
}

/**
 * Runs the schedule with timers, reporting each new text; returns a stop function.
 * @example const stop = runTypewriter(["Rafael", "Rafa"], setText); stop();
 */
export function runTypewriter(
  names: readonly string[],
  onText: (text: string) => void,
  timing: TypewriterTiming = TYPEWRITER_TIMING,
): () => void {
  if (names.length === 0) return () => {};
  let step = firstStep(names);
  let timer: ReturnType<typeof setTimeout>;
  const tick = () => {
    const { delay, next } = nextStep(step, names, timing);
    timer = setTimeout(() => {
      step = next;
      onText(stepText(step, names));
      tick();
    }, delay);
  };
  tick();
  return () => clearTimeout(timer);
}
