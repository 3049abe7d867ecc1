// The load test's choices come from a seeded generator, so that a failing run can be repeated
// with LOAD_SEED=<the seed it printed>.
import { randomBytes } from "node:crypto";

export function createRandom(seed) {
  let state = seed;
  let serial = 0;
  /** A number in [0, 1). */
  const next = () => {
    state = (state * 48_271) % 2_147_483_647;
    return state / 2_147_483_647;
  };
  return {
    seed,
    next,
    pick: (list) => list[Math.floor(next() * list.length)],
    chance: (probability) => next() < probability,
    /** A day in the last sixty years, as YYYY-MM-DD. */
    pastDate() {
      const days = 1 + Math.floor(next() * 365 * 60);
      return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
    },
    /** A text no other write of the run carries, to find that write again in the database. */
    uniqueMark: (kind) => `${kind}-${(++serial).toString(36)}-${randomBytes(3).toString("hex")}`,
  };
}
