// What kind of picture a file is, and how many pixels it has, read from its first bytes (its
// "magic number" and header), never from its name or declared type. Used by the photo picker to
// refuse a file at once, before anything is sent; the server decides again from the whole file
// (src/server/memories/photo-pipeline.ts). Bytes come from whatever the person picked, so every
// read is bounds-checked and every loop moves forward: any input ends in a header or null
// (tests/unit/image-header.test.ts fuzzes it).

export type ImageFormat = "jpeg" | "png" | "gif" | "webp" | "avif" | "heic";

/** The format, and the size when the header gives it (null when the file ends before it says). */
export type ImageHeader = { format: ImageFormat; width: number | null; height: number | null };

const ascii = (bytes: Uint8Array, start: number, length: number) =>
  start + length <= bytes.length ? String.fromCharCode(...bytes.subarray(start, start + length)) : "";
const u16be = (bytes: Uint8Array, at: number) => (at + 2 <= bytes.length ? (bytes[at]! << 8) | bytes[at + 1]! : null);
const u16le = (bytes: Uint8Array, at: number) => (at + 2 <= bytes.length ? bytes[at]! | (bytes[at + 1]! << 8) : null);
const u24le = (bytes: Uint8Array, at: number) => (at + 3 <= bytes.length ? bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) : null);
const u32be = (bytes: Uint8Array, at: number) =>
  at + 4 <= bytes.length ? bytes[at]! * 0x1000000 + ((bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) : null;

const sized = (format: ImageFormat, width: number | null, height: number | null): ImageHeader =>
  width !== null && height !== null ? { format, width, height } : { format, width: null, height: null };

export function readImageHeader(bytes: Uint8Array): ImageHeader | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return jpeg(bytes);
  if (ascii(bytes, 0, 8) === "\x89PNG\r\n\x1a\n")
    return ascii(bytes, 12, 4) === "IHDR" ? sized("png", u32be(bytes, 16), u32be(bytes, 20)) : sized("png", null, null);
  if (ascii(bytes, 0, 6) === "GIF87a" || ascii(bytes, 0, 6) === "GIF89a") return sized("gif", u16le(bytes, 6), u16le(bytes, 8));
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP") return webp(bytes);
  if (ascii(bytes, 4, 4) === "ftyp") return isoMedia(bytes);
  return null;
}

/** JPEG: walk the marker segments to the first frame header (SOFn), which holds the size. */
function jpeg(bytes: Uint8Array): ImageHeader {
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) break;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    // Markers without a length: TEM and the restart markers.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    const length = u16be(bytes, at + 2);
    if (length === null || length < 2) break;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return sized("jpeg", u16be(bytes, at + 7), u16be(bytes, at + 5));
    if (marker === 0xda || marker === 0xd9) break; // the picture's data, or its end, before any frame header
    at += 2 + length;
  }
  return sized("jpeg", null, null);
}

function webp(bytes: Uint8Array): ImageHeader {
  const chunk = ascii(bytes, 12, 4);
  if (chunk === "VP8 " && bytes[23] === 0x9d && bytes[24] === 0x01 && bytes[25] === 0x2a) {
    const width = u16le(bytes, 26);
    const height = u16le(bytes, 28);
    return sized("webp", width === null ? null : width & 0x3fff, height === null ? null : height & 0x3fff);
  }
  if (chunk === "VP8L" && bytes[20] === 0x2f && bytes.length >= 25) {
    const bits = bytes[21]! | (bytes[22]! << 8) | (bytes[23]! << 16) | (bytes[24]! << 24);
    return sized("webp", (bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (chunk === "VP8X") {
    const width = u24le(bytes, 24);
    const height = u24le(bytes, 27);
    return sized("webp", width === null ? null : width + 1, height === null ? null : height + 1);
  }
  return sized("webp", null, null);
}

const AVIF_BRANDS = new Set(["avif", "avis"]);
const HEIC_BRANDS = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"]);

/**
 * AVIF and HEIC (ISO media files): the brand says which; the largest image spatial extent
 * ("ispe") is the photo's size (the others are thumbnails).
 */
function isoMedia(bytes: Uint8Array): ImageHeader | null {
  const boxSize = u32be(bytes, 0);
  const major = ascii(bytes, 8, 4);
  const brands = [major];
  if (boxSize !== null && boxSize >= 16) {
    for (let at = 16; at + 4 <= Math.min(boxSize, bytes.length); at += 4) brands.push(ascii(bytes, at, 4));
  }
  const format: ImageFormat | null = brands.some((brand) => AVIF_BRANDS.has(brand)) ? "avif" : brands.some((brand) => HEIC_BRANDS.has(brand)) ? "heic" : null;
  if (!format) return null;
  let best: { width: number; height: number } | null = null;
  const end = Math.min(bytes.length, 1 << 20);
  for (let at = 4; at + 16 <= end; at += 1) {
    if (bytes[at] !== 0x69 || ascii(bytes, at, 4) !== "ispe") continue;
    const width = u32be(bytes, at + 8)!;
    const height = u32be(bytes, at + 12)!;
    if (!best || width * height > best.width * best.height) best = { width, height };
  }
  return best ? { format, ...best } : sized(format, null, null);
}
