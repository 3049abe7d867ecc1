import { MAX_PHOTO_BYTES, MAX_PHOTO_PIXELS } from "@/lib/constants";
import { readImageHeader } from "@/lib/photos/image-header";
import {
  FILE_TOO_LARGE_TITLE,
  fileTooLarge,
  heicNotSupported,
  NOT_AN_IMAGE_TITLE,
  notAnImage,
  TOO_MANY_PIXELS_TITLE,
  tooManyPixels,
  UNSUPPORTED_FORMAT_TITLE,
} from "@/lib/schemas/memories";

/** Why a chosen file was not added, naming it. */
export type PhotoRefusal = { fileName: string; title: string; message: string };

/**
 * The picker's check of one chosen file, before it is shown or sent: its size, what its bytes
 * say it is (never its name or declared type) and its pixel count, each refused with the file's
 * name and the reason. The server checks the whole file again when the memory is saved.
 */
export async function checkPhoto(file: File): Promise<PhotoRefusal | null> {
  const refuse = (title: string, message: string): PhotoRefusal => ({ fileName: file.name, title, message });
  if (file.size > MAX_PHOTO_BYTES) return refuse(FILE_TOO_LARGE_TITLE, fileTooLarge(file.name));
  let header;
  try {
    header = readImageHeader(new Uint8Array(await file.arrayBuffer()));
  } catch {
    // The file could not be read at all (moved or deleted since it was chosen).
    return refuse(NOT_AN_IMAGE_TITLE, notAnImage(file.name));
  }
  if (!header) return refuse(NOT_AN_IMAGE_TITLE, notAnImage(file.name));
  if (header.format === "heic") return refuse(UNSUPPORTED_FORMAT_TITLE, heicNotSupported(file.name));
  if (header.width !== null && header.height !== null && header.width * header.height > MAX_PHOTO_PIXELS) {
    return refuse(TOO_MANY_PIXELS_TITLE, tooManyPixels(file.name, { width: header.width, height: header.height }));
  }
  return null;
}
