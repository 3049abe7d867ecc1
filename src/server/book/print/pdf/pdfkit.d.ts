// The part of pdfkit (the PDF writer under @react-pdf) that the book's painter uses.
declare module "pdfkit" {
  import { Readable } from "node:stream";

  export type PDFDocumentOptions = {
    compress?: boolean;
    autoFirstPage?: boolean;
    displayTitle?: boolean;
    lang?: string;
    pdfVersion?: string;
    info?: Record<string, string | Date>;
  };

  export default class PDFDocument extends Readable {
    constructor(options?: PDFDocumentOptions);
    _root: { data: Record<string, unknown> };
    addPage(options?: Record<string, unknown>): this;
    translate(x: number, y: number): this;
    save(): this;
    restore(): this;
    font(src: unknown, size?: number): this;
    fillColor(color: string): this;
    text(text: string, x: number, y: number, options?: Record<string, unknown>): this;
    markContent(tag: string, options?: Record<string, unknown>): this;
    endMarkedContent(): this;
    end(): void;
  }
}
