import "server-only";
import layoutDocument, { type DocumentNode, type SafeDocumentNode } from "@react-pdf/layout";
import paintDocument from "@react-pdf/render";
import { Font, pdf } from "@react-pdf/renderer";
import PDFDocument from "pdfkit";
import type { ReactElement } from "react";
import { PRODUCT_NAME } from "@/lib/constants";
import { now } from "@/server/platform/clock";
import type { BookPhoto } from "../book-content";
import { PHOTO_MARK } from "./book-document";
import { bookFontFile } from "./fonts";
import { folioBaseline, mirrorShift, type PageGeometry } from "./page-geometry";

// @react-pdf's own two steps, layout and paint, with the book's page furniture between them:
// the layout tells on which page every anchor landed and how many pages there are; painting moves
// each left-hand page for the mirrored margins and prints every page's number. @react-pdf's
// renderToStream does the same two steps with nothing between them.

export type LaidOutBook = { layout: SafeDocumentNode; pageCount: number; anchors: Map<string, number> };

type LayoutNode = { props?: Record<string, unknown> | null; children?: LayoutNode[] };

/** The page (counted from 1) where each node with an `id` first appears. */
function findAnchors(layout: SafeDocumentNode) {
  const anchors = new Map<string, number>();
  const visit = (node: LayoutNode, page: number) => {
    const id = node.props?.id;
    if (typeof id === "string" && !anchors.has(id)) anchors.set(id, page);
    for (const child of node.children ?? []) visit(child, page);
  };
  (layout.children ?? []).forEach((page, index) => visit(page as unknown as LayoutNode, index + 1));
  return anchors;
}

export async function layOutBook(element: ReactElement): Promise<LaidOutBook> {
  const instance = pdf(element as never);
  const document = instance.container.document as DocumentNode;
  const layout = await (layoutDocument as unknown as (document: DocumentNode, fonts: typeof Font) => Promise<SafeDocumentNode>)(document, Font);
  return { layout, pageCount: layout.children?.length ?? 0, anchors: findAnchors(layout) };
}

/** A PDF writer that lays every page out as a right-hand one, then mirrors and numbers them. */
class BookCanvas extends PDFDocument {
  private pageNumber = 0;

  constructor(
    private readonly geometry: PageGeometry,
    info: { title: string; author: string },
    /** The page numbers' type size: larger in the large-print edition. */
    private readonly folioSize = 9,
  ) {
    super({
      compress: true,
      autoFirstPage: false,
      displayTitle: true,
      lang: "en",
      pdfVersion: "1.7",
      info: { Title: info.title, Author: info.author, Creator: PRODUCT_NAME, Producer: PRODUCT_NAME, CreationDate: now() },
    });
    // Readers open the book with its chapters listed beside it.
    this._root.data.PageMode = "UseOutlines";
  }

  override addPage(options?: Record<string, unknown>) {
    super.addPage(options);
    this.pageNumber += 1;
    if (this.pageNumber % 2 === 0) this.translate(-mirrorShift(this.geometry), 0);
    this.printFolio();
    return this;
  }

  /** The page number, centred under the text block, in the book's face. */
  private printFolio() {
    const size = this.folioSize;
    this.save();
    this.markContent("Artifact", { type: "Pagination" });
    this.font(bookFontFile(), size).fillColor("#6b5a4a");
    this.text(String(this.pageNumber), this.geometry.inner, folioBaseline(this.geometry) - size, {
      width: this.geometry.width - this.geometry.inner - this.geometry.outer,
      align: "center",
      lineBreak: false,
    });
    this.endMarkedContent();
    this.restore();
  }
}

/** Called after each page is painted, with how many are done and how many there are. */
export type PageProgress = (painted: number, pageCount: number) => void;

type Outline = { addItem(title: string, options?: { pageNumber?: number | null }): unknown };

/**
 * Paints the pages one at a time, letting the event loop run between them, so a long book keeps
 * the server answering others while it is painted and its pages stream out as they are done.
 * @react-pdf's painter takes the whole document at once; it is given one page at a time here,
 * with the document's end held back until the last page and each page's bookmarks (its flat
 * chapter outline) pointed at the page's place in the whole book.
 */
async function paintPages(canvas: BookCanvas, book: BookPages, onPage?: PageProgress) {
  const { document, pageCount } = book;
  const end = canvas.end.bind(canvas);
  const outline = (canvas as unknown as { outline: Outline }).outline;
  const addItem = outline.addItem.bind(outline);
  let offset = 0;
  outline.addItem = (title, options) => addItem(title, { ...options, pageNumber: (options?.pageNumber ?? 0) + offset });
  canvas.end = () => canvas;
  const pages = book.pages[Symbol.asyncIterator]();
  try {
    // Each page's photos are fetched while the page before it is painted.
    const upcoming = async () => {
      const next = await pages.next();
      return next.done ? null : { page: next.value, photos: loadPhotos(next.value) };
    };
    let next = upcoming();
    for (let index = 0; ; index += 1) {
      const current = await next;
      if (!current) break;
      // The reader gave up (storage refused the upload): nothing more is painted.
      if (canvas.destroyed) return;
      const photos = await current.photos;
      next = upcoming();
      offset = index;
      for (const { node, bytes } of photos) showPhoto(node, bytes);
      paintDocument(canvas as never, { ...document, children: [current.page] } as never);
      for (const { node } of photos) delete node.image;
      onPage?.(index + 1, pageCount);
      await drained(canvas);
    }
  } finally {
    canvas.end = end;
    outline.addItem = addItem;
  }
  canvas.end();
}

type PhotoBox = LayoutNode & { type?: string; style?: Record<string, unknown>; image?: { data: Buffer; width: number; height: number } };

/** The photo boxes of a page (book-document.tsx marks them), in the order they are drawn. */
function photoBoxes(page: unknown) {
  const boxes: { node: PhotoBox; photo: BookPhoto }[] = [];
  const visit = (node: PhotoBox) => {
    const photo = node.props?.[PHOTO_MARK] as BookPhoto | undefined;
    if (photo) boxes.push({ node, photo });
    for (const child of node.children ?? []) visit(child as PhotoBox);
  };
  visit(page as PhotoBox);
  return boxes;
}

/** Fetches a page's photos (print-ready JPEGs, which the PDF carries without decoding them). */
function loadPhotos(page: unknown) {
  return Promise.all(photoBoxes(page).map(async ({ node, photo }) => ({ node, photo, bytes: await photo.load() })));
}

/** Turns a photo's box into @react-pdf's image node, drawn the way its <Image> would be. */
function showPhoto(node: PhotoBox, bytes: Buffer) {
  const photo = node.props![PHOTO_MARK] as BookPhoto;
  node.type = "IMAGE";
  node.style = { ...node.style, objectFit: "contain" };
  node.image = { data: bytes, width: photo.width || 1, height: photo.height || 1 };
}

/** Bytes painted but not yet read out that make painting wait: the stream is only as fast as its reader. */
const UNREAD_LIMIT = 16 * 1024 * 1024;

/** Waits, between pages, until the reader has taken most of what was painted (and lets the event loop run). */
async function drained(canvas: BookCanvas) {
  await new Promise((resolve) => setImmediate(resolve));
  while (canvas.readableLength > UNREAD_LIMIT && !canvas.destroyed) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * The pages to paint, in order, as they are laid out: a part's layout is let go of once its pages
 * are painted. `document` is the laid-out document they belong to (its metadata).
 */
export type BookPages = { document: SafeDocumentNode; pageCount: number; pages: AsyncIterable<LayoutPage> };
export type LayoutPage = NonNullable<SafeDocumentNode["children"]>[number];

/** The painted book as a stream of PDF bytes; pages are painted as the stream is read out. */
export function paintBook(
  book: BookPages,
  page: PageGeometry,
  info: { title: string; author: string },
  onPage?: PageProgress,
  { folioSize }: { folioSize?: number } = {},
): NodeJS.ReadableStream {
  const canvas = new BookCanvas(page, info, folioSize);
  paintPages(canvas, book, onPage).catch((error: unknown) => canvas.destroy(error instanceof Error ? error : new Error(String(error))));
  return canvas as unknown as NodeJS.ReadableStream;
}
