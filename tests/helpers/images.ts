import { crc32, deflateSync } from "node:zlib";

// Image files built byte by byte, for tests in process and in the browser alike (no app imports).

/**
 * A real PNG of the given size, written byte by byte: one-bit black pixels compress to almost
 * nothing, so a 20000×20000 picture (400 megapixels, beyond what sharp itself will open) is a
 * file of about 50 kB. sharp cannot make it: it refuses to create anything that large.
 */
export function blackPng(width: number, height: number) {
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const checksum = Buffer.alloc(4);
    checksum.writeUInt32BE(crc32(typed) >>> 0);
    return Buffer.concat([length, typed, checksum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale; bytes 10–12: deflate, adaptive filtering, no interlace
  // Each row: a filter-type byte (0) and the row's bits (0 = black).
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
