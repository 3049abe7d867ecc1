import "server-only";

// A JPEG that is already upright keeps its original pixels: instead of decoding and re-encoding
// 12 megapixels (slow, and a generation of quality lost), its metadata segments are cut out of
// the file. What stays is what the picture needs to be drawn: the tables, the frame, the scans,
// the JFIF header, the colour profile (ICC) and Adobe's colour-transform flag. Everything else
// goes: EXIF (GPS, camera, dates), XMP, IPTC/Photoshop, comments, the embedded thumbnails (EXIF's
// and JFIF's), and any images appended after the end marker (multi-picture files carry their own
// EXIF there). The bytes are untrusted: tests/unit/jpeg-metadata.test.ts fuzzes this file.

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const TEM = 0x01;
const isRestart = (marker: number) => marker >= 0xd0 && marker <= 0xd7;
const isApplication = (marker: number) => marker >= 0xe0 && marker <= 0xef;
const COMMENT = 0xfe;

const JFIF_HEADER = 14; // "JFIF\0", version, density units, X and Y density, thumbnail width and height
const ADOBE_HEADER = 12; // "Adobe", version, two flag words, colour transform

/**
 * What is kept of one segment (marker at `start`, ending at `end`): the segment itself, only the
 * header a decoder reads, or nothing. A JFIF or Adobe segment keeps exactly its fixed header,
 * never what follows it (a JFIF thumbnail of the uncropped picture, or any text at all); the ICC
 * colour profile is kept whole; every other application segment and every comment is metadata.
 */
function keptPart(bytes: Buffer, marker: number, start: number, end: number): Buffer | null {
  const payload = bytes.subarray(start + 4, end);
  const startsWith = (signature: string) => payload.toString("latin1", 0, signature.length) === signature;
  if (marker === COMMENT) return null;
  if (!isApplication(marker)) return bytes.subarray(start, end);
  if (marker === 0xe0 && startsWith("JFIF\0") && payload.length >= JFIF_HEADER) {
    // Shorter ones are ignored by decoders; the thumbnail size is set to none.
    return Buffer.concat([Buffer.from([0xff, 0xe0, 0, JFIF_HEADER + 2]), payload.subarray(0, JFIF_HEADER - 2), Buffer.from([0, 0])]);
  }
  if (marker === 0xe2 && startsWith("ICC_PROFILE\0")) return bytes.subarray(start, end);
  if (marker === 0xee && startsWith("Adobe") && payload.length >= ADOBE_HEADER) {
    return Buffer.concat([Buffer.from([0xff, 0xee, 0, ADOBE_HEADER + 2]), payload.subarray(0, ADOBE_HEADER)]);
  }
  return null;
}

/** Where the entropy-coded data that starts at `offset` ends: at the next real marker. */
function endOfScan(bytes: Buffer, offset: number) {
  let index = offset;
  while (index < bytes.length - 1) {
    if (bytes[index] !== 0xff) {
      index += 1;
      continue;
    }
    const next = bytes[index + 1]!;
    // A stuffed zero or a restart marker belongs to the scan; 0xFF before a marker is fill.
    if (next === 0x00 || isRestart(next) || next === 0xff) index += next === 0xff ? 1 : 2;
    else return index;
  }
  return -1;
}

/**
 * The same JPEG without its metadata, pixels untouched; null when the file does not walk as a
 * well-formed JPEG from start marker to end marker (the caller then re-encodes it, and a file
 * that cannot be decoded is refused there).
 */
export function stripJpegMetadata(bytes: Buffer): Buffer | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== SOI) return null;
  const kept: Buffer[] = [bytes.subarray(0, 2)];
  let offset = 2;
  while (offset < bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    let markerAt = offset;
    while (bytes[markerAt + 1] === 0xff) markerAt += 1;
    const marker = bytes[markerAt + 1];
    if (marker === undefined) return null;
    if (marker === EOI) {
      kept.push(bytes.subarray(markerAt, markerAt + 2));
      return Buffer.concat(kept);
    }
    if (marker === TEM || isRestart(marker)) {
      kept.push(bytes.subarray(markerAt, markerAt + 2));
      offset = markerAt + 2;
      continue;
    }
    if (markerAt + 4 > bytes.length) return null;
    const length = bytes.readUInt16BE(markerAt + 2);
    const end = markerAt + 2 + length;
    if (length < 2 || end > bytes.length) return null;
    const part = keptPart(bytes, marker, markerAt, end);
    if (part) kept.push(part);
    offset = end;
    if (marker === SOS) {
      const scanEnd = endOfScan(bytes, end);
      if (scanEnd === -1) return null;
      kept.push(bytes.subarray(end, scanEnd));
      offset = scanEnd;
    }
  }
  return null;
}
