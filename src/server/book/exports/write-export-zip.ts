import "server-only";
import { Readable } from "node:stream";
import { ZipFile } from "yazl";
import { EXPORT_DATA_FILE, EXPORT_INDEX_FILE } from "@/lib/schemas/data-export";
import type { ObjectStorage } from "@/server/platform/storage/object-storage";
import { renderExportIndexHtml } from "./export-index-html";
import type { GatheredExport } from "./gather-export";

/**
 * The export as a ZIP stream (docs/export-format.md). The JSON and the page are written first;
 * then each photo's original is read from storage only when the archive reaches it, one at a
 * time, so at most one photo is held in memory whatever the export's size. onPhoto reports each
 * photo written (a job's progress).
 */
export function writeExportZip({
  gathered,
  storage,
  onPhoto,
}: {
  gathered: GatheredExport;
  storage: ObjectStorage;
  onPhoto?: (written: number, total: number) => void;
}): Readable {
  const zip = new ZipFile();
  const mtime = new Date(gathered.document.exported_at);
  zip.addBuffer(Buffer.from(JSON.stringify(gathered.document, null, 2), "utf8"), EXPORT_DATA_FILE, { mtime });
  zip.addBuffer(Buffer.from(renderExportIndexHtml(gathered.document), "utf8"), EXPORT_INDEX_FILE, { mtime });
  let written = 0;
  const total = gathered.photos.length;
  for (const photo of gathered.photos) {
    // Photos are compressed already: stored, not deflated again.
    zip.addReadStreamLazy(photo.file, { mtime, compress: false }, (callback) => {
      storage.get(photo.key).then(
        (object) => {
          if (!object) return callback(new Error(`A photo of the export is missing from storage: ${photo.key}`), Readable.from([]));
          written += 1;
          onPhoto?.(written, total);
          callback(null, Readable.from([object.body]));
        },
        (error: unknown) => callback(error, Readable.from([])),
      );
    });
  }
  zip.end();
  const output = zip.outputStream as Readable;
  // A failure inside the archive (storage down mid-way) ends the stream with that error.
  zip.on("error", (error: Error) => output.destroy(error));
  return output;
}
