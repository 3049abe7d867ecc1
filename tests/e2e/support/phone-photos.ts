import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { E2E_DATA_DIRECTORY } from "./data-directory";

// Photos the size a phone takes them (4032 × 3024), made of fine colour noise so that they do
// not compress: at quality 92 one is about 7 MB, over the 5 MB a photo may be.

/** A marker colour at the top of a picture, to tell upright from turned. */
export const TOP_COLOUR = [220, 20, 20];

function noise(width: number, height: number, amount: number, topRows = 0) {
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 1;
  for (let index = 0; index < pixels.length; index += 1) {
    const channel = index % 3;
    if (index < topRows * width * 3) {
      pixels[index] = TOP_COLOUR[channel]!;
      continue;
    }
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    pixels[index] = Math.max(0, Math.min(255, 90 + channel * 30 + Math.round((((seed >>> 24) - 128) * amount) / 128)));
  }
  return pixels;
}

/** A landscape phone photo: `amount` of noise and the JPEG quality decide its size in bytes. */
export function phonePhoto({ amount = 48, quality = 92 } = {}) {
  return sharp(noise(4032, 3024, amount), { raw: { width: 4032, height: 3024, channels: 3 } })
    .jpeg({ quality })
    .toBuffer();
}

/**
 * A portrait photo as a phone held upright stores it: its pixels lying on their side (4032 × 3024)
 * and EXIF orientation 6 saying to turn it. Upright, its top 400 rows are red.
 */
export function turnedPhonePhoto() {
  return sharp(noise(3024, 4032, 48, 400), { raw: { width: 3024, height: 4032, channels: 3 } })
    .rotate(270)
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** The mean colour of the top rows of a picture as it is shown (its orientation applied). */
export async function topColour(bytes: Buffer, rows = 300) {
  const upright = await sharp(bytes).rotate().toBuffer({ resolveWithObject: true });
  const top = await sharp(upright.data).extract({ left: 0, top: 0, width: upright.info.width, height: rows }).toBuffer();
  return (await sharp(top).stats()).channels.slice(0, 3).map((channel) => Math.round(channel.mean));
}

/**
 * The original a memory's photo keeps, read from the test server's local storage: it sits
 * beside the display size the API links to (memories/{memory}/{photo}/display.webp).
 */
export async function storedOriginal(displayUrl: string) {
  const key = decodeURIComponent(new URL(displayUrl, "http://localhost").pathname.replace(/^\/api\/storage\//, ""));
  const folder = path.join(E2E_DATA_DIRECTORY, "objects", ...path.posix.dirname(key).split("/"));
  const original = (await readdir(folder)).find((name) => /^original\.[a-z]+$/.test(name));
  if (!original) throw new Error(`No original beside ${key}`);
  return readFile(path.join(folder, original));
}

/**
 * The first bytes of an iPhone's HEIC photo (the HEIC brand and the picture's size, 4032 × 3024),
 * then data no browser here can decode.
 */
export function heicPhoto() {
  const text = (value: string) => Buffer.from(value, "latin1");
  const u32 = (value: number) => {
    const bytes = Buffer.alloc(4);
    bytes.writeUInt32BE(value);
    return bytes;
  };
  return Buffer.concat([u32(24), text("ftypheic"), u32(0), text("mif1heic"), u32(20), text("ispe"), u32(0), u32(4032), u32(3024), Buffer.alloc(200_000, 0x5a)]);
}
