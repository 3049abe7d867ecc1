import yauzl, { type Entry } from "yauzl";
import yazl from "yazl";

// Reading and writing ZIPs in tests: an export's files by name, and hand-made archives for the import.

/** Every file of a ZIP, by its name. */
export function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, file) => {
      if (error || !file) return reject(error ?? new Error("no zip"));
      const files = new Map<string, Buffer>();
      file.on("entry", (entry: Entry) => {
        file.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error("no stream"));
          const chunks: Buffer[] = [];
          stream.on("data", (chunk: Buffer) => chunks.push(chunk));
          stream.on("end", () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            file.readEntry();
          });
        });
      });
      file.on("end", () => resolve(files));
      file.on("error", reject);
      file.readEntry();
    });
  });
}

/** A ZIP of the given files, in that order. */
export function zipFiles(files: [name: string, body: Buffer | string][], options: { compress?: boolean } = {}): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, body] of files) zip.addBuffer(Buffer.isBuffer(body) ? body : Buffer.from(body), name, { compress: options.compress ?? true });
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on("data", (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on("end", () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on("error", reject);
  });
}

/**
 * The ZIP with one file name replaced by another of the same length, in the local header and the
 * central directory alike: how a test makes names no ZIP writer would write ("../../etc/passwd").
 */
export function renameInZip(zip: Buffer, from: string, to: string) {
  if (Buffer.byteLength(from) !== Buffer.byteLength(to)) throw new Error("The names must have the same length.");
  const result = Buffer.from(zip);
  const needle = Buffer.from(from);
  for (let at = result.indexOf(needle); at !== -1; at = result.indexOf(needle, at + 1)) Buffer.from(to).copy(result, at);
  return result;
}
