import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { layoutPhotos, PHOTO_GAP } from "@/server/book/print/pdf/photo-layout";

const WIDTH = 460;
const MAX_HEIGHT = 420;
const landscape = { width: 2400, height: 1800 };
const portrait = { width: 1800, height: 2400 };
const shapes = (grid: ReturnType<typeof layoutPhotos<{ width: number; height: number }>>) => grid.rows.map((row) => row.photos.length);

describe("photo layouts in the book", () => {
  it("prints one photo at the full width of the text", () => {
    const grid = layoutPhotos([landscape], WIDTH, MAX_HEIGHT);
    expect(shapes(grid)).toEqual([1]);
    expect(grid.rows[0]!.photos[0]!.width).toBeCloseTo(WIDTH);
    expect(grid.rows[0]!.photos[0]!.height).toBeCloseTo(WIDTH * 0.75);
  });

  it("puts two photos side by side at one height, filling the width", () => {
    const grid = layoutPhotos([landscape, portrait], WIDTH, MAX_HEIGHT);
    expect(shapes(grid)).toEqual([2]);
    const [a, b] = grid.rows[0]!.photos;
    expect(a!.height).toBeCloseTo(b!.height);
    expect(a!.width + b!.width + PHOTO_GAP).toBeCloseTo(WIDTH);
  });

  it("never shrinks portraits to stamps: two portraits side by side are each nearly half the width", () => {
    const grid = layoutPhotos([portrait, portrait], WIDTH, MAX_HEIGHT);
    expect(shapes(grid)).toEqual([2]);
    for (const cell of grid.rows[0]!.photos) expect(cell.width).toBeGreaterThan(WIDTH * 0.45);
  });

  it.each([
    [3, [1, 2]],
    [4, [2, 2]],
    [5, [2, 3]],
  ])("lays %i landscape photos out as a grid of rows %j", (count, rows) => {
    const grid = layoutPhotos(
      Array.from({ length: count }, () => landscape),
      WIDTH,
      MAX_HEIGHT,
    );
    expect(shapes(grid)).toEqual(rows);
    expect(grid.height).toBeLessThanOrEqual(MAX_HEIGHT + 0.01);
  });

  it("puts two panoramas one above the other rather than shrinking them side by side", () => {
    expect(
      shapes(
        layoutPhotos(
          [
            { width: 6000, height: 1000 },
            { width: 5000, height: 1000 },
          ],
          WIDTH,
          MAX_HEIGHT,
        ),
      ),
    ).toEqual([1, 1]);
  });

  it("fits any photos of any shape in the room given, every photo a visible size", () => {
    const shape = fc.record({ width: fc.integer({ min: 0, max: 20000 }), height: fc.integer({ min: 0, max: 20000 }) });
    fc.assert(
      fc.property(
        fc.array(shape, { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 300, max: 600 }),
        fc.integer({ min: 150, max: 600 }),
        (photos, width, maxHeight) => {
          const grid = layoutPhotos(photos, width, maxHeight);
          expect(grid.rows.flatMap((row) => row.photos)).toHaveLength(photos.length);
          expect(grid.height).toBeLessThanOrEqual(maxHeight + 0.01);
          for (const row of grid.rows) {
            expect(row.width).toBeLessThanOrEqual(width + 0.01);
            for (const cell of row.photos) {
              expect(Number.isFinite(cell.width) && Number.isFinite(cell.height)).toBe(true);
              expect(Math.min(cell.width, cell.height)).toBeGreaterThan(12);
            }
          }
        },
      ),
      { seed: 15, numRuns: 300 },
    );
  });
});
