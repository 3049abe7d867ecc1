import type { PaperSize } from "../book-content";

// The trim sizes and their margins, in points (72 to the inch). The inner margin (at the spine)
// is wider than the outer one, and the margins mirror: a right-hand (odd) page has its wide margin
// on the left, a left-hand (even) page on the right. The PDF is laid out as if every page were a
// right-hand one; left-hand pages are moved by `mirrorShift` as they are painted (paint-book.ts).

export type PageGeometry = {
  width: number;
  height: number;
  top: number;
  bottom: number;
  inner: number;
  outer: number;
};

export const PAGE_GEOMETRY: Record<PaperSize, PageGeometry> = {
  A4: { width: 595.28, height: 841.89, top: 64, bottom: 72, inner: 72, outer: 54 },
  LETTER: { width: 612, height: 792, top: 60, bottom: 72, inner: 72, outer: 54 },
  "6x9": { width: 432, height: 648, top: 50, bottom: 62, inner: 58, outer: 40 },
};

export const contentWidth = (page: PageGeometry) => page.width - page.inner - page.outer;
export const contentHeight = (page: PageGeometry) => page.height - page.top - page.bottom;
/** How far a left-hand page moves left so its wide margin is at the spine. */
export const mirrorShift = (page: PageGeometry) => page.inner - page.outer;
/** The baseline of the page number, centred under the text, half-way down the bottom margin. */
export const folioBaseline = (page: PageGeometry) => page.height - page.bottom / 2 + 3;
