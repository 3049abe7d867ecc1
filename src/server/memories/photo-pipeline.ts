import "server-only";
import { randomUUID } from "node:crypto";
import { MAX_PHOTO_BYTES, MAX_PHOTO_PIXELS } from "@/lib/constants";
import { fileTooLarge, notAnImage, tooManyPixels } from "@/lib/schemas/memories";
import { plainTextProblem } from "@/lib/schemas/text";
import { AppError } from "@/server/platform/http/app-error";
import sharp, { limited, type Sharp } from "@/server/platform/images/sharp";
import type { ObjectStorage } from "@/server/platform/storage/object-storage";
import { stripJpegMetadata } from "./jpeg-metadata";

// Every photo, whether it came in the multipart form or was uploaded straight to storage, goes
// through here: the bytes decide whether it is an image (never the name or declared type), EXIF
// rotation is applied, and all metadata (GPS included) is dropped: an upright JPEG by cutting its
// metadata segments out (jpeg-metadata.ts), anything else by re-encoding.

export const DISPLAY_MAX_EDGE = 1600;
export const THUMBNAIL_SIZE = { width: 480, height: 360 } as const;
/**
 * The print variant, what the printed book embeds as it is (docs/decisions/032-books-at-scale.md):
 * a JPEG, which a PDF carries without decoding, 1800 px on its long edge (about 275 dpi across the
 * text of an A4 or Letter page, the largest a photo is printed).
 */
export const PRINT_MAX_EDGE = 1800;
export const PRINT_JPEG_QUALITY = 82;

/** The print variant of any decodable image: upright, on white where it was transparent, sRGB. */
export function printVariant(image: Sharp) {
  return image
    .resize(PRINT_MAX_EDGE, PRINT_MAX_EDGE, { fit: "inside", withoutEnlargement: true })
    .flatten({ background: "#ffffff" })
    .jpeg({ quality: PRINT_JPEG_QUALITY })
    .toBuffer();
}

const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif", "heif"]);

export type ProcessedPhoto = {
  original: { body: Buffer; contentType: string; extension: string };
  display: Buffer;
  thumbnail: Buffer;
  print: Buffer;
  width: number;
  height: number;
};

export type IncomingPhoto = { fileName: string; bytes: Buffer };

/**
 * Two photos are processed at once in a process, whoever sent them (one per core of the machine
 * it was measured on); the others wait. A 12-megapixel photo takes about 36 MB decoded, twice
 * over for a turned one: unbounded, 200 people uploading at once could need gigabytes.
 */
export const PHOTOS_PROCESSED_AT_ONCE = 2;
const processing = limited(PHOTOS_PROCESSED_AT_ONCE);

export function processPhoto(photo: IncomingPhoto): Promise<ProcessedPhoto> {
  return processing(() => processOnePhoto(photo));
}

async function processOnePhoto({ fileName, bytes }: IncomingPhoto): Promise<ProcessedPhoto> {
  // The name comes from the client (the multipart form, or the upload it asked for) and is
  // repeated in messages: the same text rule as every other field.
  const nameProblem = plainTextProblem(fileName, "A photo's file name");
  if (nameProblem) throw new AppError("BAD_REQUEST", nameProblem, { photos: [nameProblem] });
  // Every refusal names the file, and says it is about the photos (fieldErrors.photos), so the
  // form can point at the photo and keep everything else.
  const refuse = (code: "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE", message: string) => new AppError(code, message, { photos: [message] });
  if (bytes.length > MAX_PHOTO_BYTES) throw refuse("PAYLOAD_TOO_LARGE", fileTooLarge(fileName));
  let format: string | undefined;
  let orientation: number | undefined;
  let width = 0;
  let height = 0;
  try {
    // The header alone, without sharp's own pixel limit (about 268 megapixels), which would
    // otherwise make a huge picture fail here like a non-image: a bomb is told apart from a
    // non-image by its size below, and only a picture within the limit is ever decoded.
    const metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
    format = metadata.format;
    orientation = metadata.orientation;
    width = metadata.width ?? 0;
    height = metadata.height ?? 0;
  } catch {
    throw refuse("UNSUPPORTED_MEDIA_TYPE", notAnImage(fileName));
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw refuse("UNSUPPORTED_MEDIA_TYPE", notAnImage(fileName));
  if (width * height > MAX_PHOTO_PIXELS) throw refuse("PAYLOAD_TOO_LARGE", tooManyPixels(fileName, { width, height }));

  try {
    const lossless = format === "jpeg" && (orientation ?? 1) === 1 ? await losslessOriginal(bytes) : null;
    // The display size is cut from exactly the bytes that are kept, so decoding it also proves
    // the kept original is a whole picture (failOn: "error" refuses a truncated one).
    const source = lossless?.body ?? bytes;
    const decode = () => sharp(source, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: "error" }).rotate();
    const [original, display, print] = await Promise.all([
      lossless ? { body: lossless.body, contentType: "image/jpeg", extension: "jpg" } : encodeOriginal(decode(), format),
      decode()
        .resize(DISPLAY_MAX_EDGE, DISPLAY_MAX_EDGE, { fit: "inside", withoutEnlargement: true })
        // effort 2: a third of the default encoding time for a file a few percent larger.
        .webp({ quality: 82, effort: 2 })
        .toBuffer(),
      printVariant(decode()),
    ]);
    // The thumbnail comes from the display size: finding the interesting part of a 1600 px image
    // is as good as of a 12-megapixel one, and far cheaper.
    const thumbnail = await sharp(display)
      .resize(THUMBNAIL_SIZE.width, THUMBNAIL_SIZE.height, { fit: "cover", position: "attention" })
      .webp({ quality: 78, effort: 2 })
      .toBuffer();
    const size = lossless ?? (await sharp(original.body).metadata());
    return { original, display, thumbnail, print, width: size.width ?? 0, height: size.height ?? 0 };
  } catch (error) {
    if (error instanceof AppError) throw error;
    // Declared as an image but not decodable (a truncated file, HEIC without a decoder).
    throw refuse("UNSUPPORTED_MEDIA_TYPE", notAnImage(fileName));
  }
}

/**
 * An upright JPEG with its metadata segments cut out and its pixels untouched, or null when
 * that cannot be done with certainty (the photo is then re-encoded, which drops everything).
 */
async function losslessOriginal(bytes: Buffer) {
  const body = stripJpegMetadata(bytes);
  if (!body) return null;
  const check = await sharp(body).metadata();
  const metadataLeft = check.exif || check.xmp || check.iptc || check.tifftagPhotoshop || check.comments?.length;
  if (check.format !== "jpeg" || metadataLeft || (check.orientation ?? 1) !== 1) return null;
  return { body, width: check.width, height: check.height };
}

async function encodeOriginal(pipeline: Sharp, format: string) {
  switch (format) {
    case "png":
      return { body: await pipeline.png().toBuffer(), contentType: "image/png", extension: "png" };
    case "webp":
      return { body: await pipeline.webp({ quality: 92 }).toBuffer(), contentType: "image/webp", extension: "webp" };
    case "gif":
      return { body: await pipeline.gif().toBuffer(), contentType: "image/gif", extension: "gif" };
    default:
      // A turned JPEG is re-encoded upright; AVIF/HEIF become JPEG, which every browser can open.
      // libjpeg-turbo at quality 92: mozjpeg's search saves a few percent of bytes at ten times the time.
      return { body: await pipeline.jpeg({ quality: 92 }).toBuffer(), contentType: "image/jpeg", extension: "jpg" };
  }
}

export type StoredPhoto = {
  id: string;
  original_key: string;
  display_key: string;
  thumbnail_key: string;
  print_key: string | null;
  content_type: string;
  width: number;
  height: number;
  byte_size: number;
};

/** Every object of a photo: the original and its variants (a photo saved before print variants may lack one). */
export const photoKeys = (photo: Pick<StoredPhoto, "original_key" | "display_key" | "thumbnail_key" | "print_key">) => [
  photo.original_key,
  photo.display_key,
  photo.thumbnail_key,
  ...(photo.print_key ? [photo.print_key] : []),
];

/** What to select of a photo row to know all its objects. */
export const PHOTO_KEYS_SELECT = { original_key: true, display_key: true, thumbnail_key: true, print_key: true } as const;

/**
 * Writes a processed photo's four objects. Every key is pushed onto `written` before the write
 * starts, so a caller that fails later can remove whatever reached storage.
 */
/** Where a photo's objects go: under its memory, or under its answer (docs/decisions/039-answer-photos.md). */
export const photoFolder = {
  memory: (memoryId: string) => `memories/${memoryId}`,
  answer: (responseId: string) => `answers/${responseId}`,
};

export async function storePhoto({
  storage,
  folder,
  photo,
  written,
}: {
  storage: ObjectStorage;
  /** photoFolder.memory(id) or photoFolder.answer(id). */
  folder: string;
  photo: ProcessedPhoto;
  written: string[];
}): Promise<StoredPhoto> {
  const id = randomUUID();
  const base = `${folder}/${id}`;
  const stored: StoredPhoto = {
    id,
    original_key: `${base}/original.${photo.original.extension}`,
    display_key: `${base}/display.webp`,
    thumbnail_key: `${base}/thumbnail.webp`,
    print_key: `${base}/print.jpg`,
    content_type: photo.original.contentType,
    width: photo.width,
    height: photo.height,
    byte_size: photo.original.body.length,
  };
  written.push(...photoKeys(stored));
  await Promise.all([
    storage.put(stored.original_key, photo.original.body, photo.original.contentType),
    storage.put(stored.display_key, photo.display, "image/webp"),
    storage.put(stored.thumbnail_key, photo.thumbnail, "image/webp"),
    storage.put(`${base}/print.jpg`, photo.print, "image/jpeg"),
  ]);
  return stored;
}
