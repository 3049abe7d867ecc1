import "server-only";

// The time as the app's rules read it (a link's expiry, when weekly questions are due). It is the
// system clock, except in tests, which set it (to the job queue's TestClock, say) and move it
// instead of waiting.

type Now = () => number;

const registry = globalThis as typeof globalThis & { __familyBookClock?: Now };

export function now(): Date {
  return new Date((registry.__familyBookClock ?? Date.now)());
}

/** Tests only: reads the time from `source` until it is reset (no argument: the system clock again). */
export function setClock(source?: Now | { now(): number }) {
  registry.__familyBookClock = source === undefined ? undefined : typeof source === "function" ? source : () => source.now();
}
