// How a memory's (or an answer's) photos sit on the page, by their number and shape: one photo at
// the full width of the text; two side by side at one height; three to five in justified rows of
// two or three (rows the width of the text, each photo as tall as its row-mates). Every photo keeps
// its shape, so a portrait is as tall as a landscape beside it rather than shrunk to a stamp. The
// grid never takes more than `maxHeight`, so a memory's photos always share their page with its title.

export type PhotoShape = { width: number; height: number };
export type PlacedPhoto<T> = { photo: T; width: number; height: number };
export type PhotoRow<T> = { photos: PlacedPhoto<T>[]; width: number; height: number };
export type PhotoGrid<T> = { rows: PhotoRow<T>[]; height: number };

export const PHOTO_GAP = 10;
/** Shapes beyond these are drawn letterboxed in a box of this shape (a 10:1 panorama in 4:1). */
const WIDEST = 4;
const TALLEST = 1 / 3;

const aspectOf = (photo: PhotoShape) => {
  const aspect = photo.width > 0 && photo.height > 0 ? photo.width / photo.height : 1;
  return Math.min(WIDEST, Math.max(TALLEST, Number.isFinite(aspect) ? aspect : 1));
};

/** Every way of cutting `count` photos, in order, into rows of one to three. */
function partitions(count: number): number[][] {
  if (count === 0) return [[]];
  const result: number[][] = [];
  for (let first = 1; first <= Math.min(3, count); first += 1) {
    for (const rest of partitions(count - first)) result.push([first, ...rest]);
  }
  return result;
}

function rowsFor<T extends PhotoShape>(photos: T[], sizes: number[], width: number, maxRowHeight: number): PhotoRow<T>[] {
  const rows: PhotoRow<T>[] = [];
  let start = 0;
  for (const size of sizes) {
    const members = photos.slice(start, start + size);
    start += size;
    const aspects = members.map(aspectOf);
    const gaps = PHOTO_GAP * (members.length - 1);
    const height = Math.min(maxRowHeight, (width - gaps) / aspects.reduce((sum, aspect) => sum + aspect, 0));
    const placed = members.map((photo, index) => ({ photo, width: height * aspects[index]!, height }));
    rows.push({ photos: placed, width: placed.reduce((sum, cell) => sum + cell.width, 0) + gaps, height });
  }
  return rows;
}

const gridHeight = (rows: PhotoRow<unknown>[]) => rows.reduce((sum, row) => sum + row.height, 0) + PHOTO_GAP * Math.max(0, rows.length - 1);

function scaled<T>(rows: PhotoRow<T>[], factor: number): PhotoRow<T>[] {
  return rows.map((row) => ({
    height: row.height * factor,
    width: row.width * factor,
    photos: row.photos.map((cell) => ({ ...cell, width: cell.width * factor, height: cell.height * factor })),
  }));
}

/**
 * The layout with the largest photos: each candidate cutting into rows is scaled to fit
 * `maxHeight`, and the one whose smallest photo is largest wins (ties: fewer rows, then a single
 * photo on the first row rather than the last).
 */
export function layoutPhotos<T extends PhotoShape>(photos: T[], width: number, maxHeight: number): PhotoGrid<T> {
  if (photos.length === 0) return { rows: [], height: 0 };
  let best: { rows: PhotoRow<T>[]; score: number } | null = null;
  for (const sizes of partitions(photos.length)) {
    // Two photos go side by side (two panoramas one above the other); three to five make a grid,
    // never a column of single photos.
    const panoramas = photos.length === 2 && aspectOf(photos[0]!) + aspectOf(photos[1]!) > 3;
    if (photos.length >= 2 && sizes.length === photos.length && !panoramas) continue;
    let rows = rowsFor(photos, sizes, width, maxHeight);
    const height = gridHeight(rows);
    if (height > maxHeight) rows = scaled(rows, (maxHeight - PHOTO_GAP * (rows.length - 1)) / (height - PHOTO_GAP * (rows.length - 1)));
    const smallest = Math.min(...rows.flatMap((row) => row.photos.map((cell) => cell.width * cell.height)));
    const fill = rows.reduce((sum, row) => sum + row.width * row.height, 0) / (width * maxHeight);
    const loneLast = sizes.at(-1) === 1 && sizes.length > 1 ? 0.001 : 0;
    const score = smallest * (1 + fill) - loneLast * smallest;
    if (!best || score > best.score + 1e-6) best = { rows, score };
  }
  return { rows: best!.rows, height: gridHeight(best!.rows) };
}
