import { describe, expect, it } from "vitest";
import { PHOTOS_PROCESSED_AT_ONCE, processPhoto } from "@/server/memories/photo-pipeline";
import sharp, { limited } from "@/server/platform/images/sharp";

/** A promise and the function that settles it, to decide from the test when each piece of work ends. */
function gate() {
  let open!: () => void;
  let fail!: (error: Error) => void;
  const promise = new Promise<void>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { promise, open, fail };
}

describe("limited: at most so many at once, the rest in the order they came", () => {
  it("runs two of five at once and starts the others in order as each ends, failures included", async () => {
    const run = limited(2);
    const gates = Array.from({ length: 5 }, gate);
    const [first, second, third, fourth, fifth] = gates as [
      ReturnType<typeof gate>,
      ReturnType<typeof gate>,
      ReturnType<typeof gate>,
      ReturnType<typeof gate>,
      ReturnType<typeof gate>,
    ];
    const started: number[] = [];
    const results = gates.map((each, index) =>
      run(async () => {
        started.push(index);
        await each.promise;
        return index;
      }),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1]);
    second.fail(new Error("The second one failed"));
    await expect(results[1]).rejects.toThrow("The second one failed");
    expect(started).toEqual([0, 1, 2]);
    first.open();
    await results[0];
    expect(started).toEqual([0, 1, 2, 3]);
    for (const each of [third, fourth, fifth]) each.open();
    expect(await Promise.all([results[2], results[3], results[4]])).toEqual([2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
  });
});

describe("the server's sharp", () => {
  it("keeps no libvips operation cache and gives each picture one thread", () => {
    expect(sharp.cache()).toMatchObject({ memory: { max: 0 }, files: { max: 0 }, items: { max: 0 } });
    expect(sharp.concurrency()).toBe(1);
  });

  it("processes photos sent at the same time two at a time, and every one of them", async () => {
    expect(PHOTOS_PROCESSED_AT_ONCE).toBe(2);
    const bytes = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: { r: 120, g: 80, b: 40 } } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const processed = await Promise.all(Array.from({ length: 6 }, (_, index) => processPhoto({ fileName: `turned-${index}.jpg`, bytes })));
    // Turned upright: the 2000×1500 picture is 1500×2000 once its orientation is applied.
    expect(processed.map((photo) => [photo.width, photo.height])).toEqual(Array.from({ length: 6 }, () => [1500, 2000]));
  });
});
