import "server-only";
import sharp from "sharp";

// The one sharp the server uses, set up for a server that must live in 1 GB
// (docs/decisions/033-server-memory.md):
// - no libvips operation cache: it kept up to 50 MB of decoded pictures and 20 open inputs per
//   process for a photo that is never processed twice;
// - one libvips thread per picture: photos are processed side by side instead (see `limited`), so
//   a 12-megapixel decode is never spread over threads that each keep their own malloc arena.
sharp.cache(false);
sharp.concurrency(1);

export default sharp;
export type { Sharp } from "sharp";

/**
 * At most `slots` calls of `work` run at once in this process; the rest wait their turn in the
 * order they came. Bounds how many full-size pictures are decoded at the same moment.
 */
export function limited(slots: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(work: () => Promise<T>): Promise<T> {
    if (running >= slots) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}
