import { MAX_PHOTO_BYTES, MAX_PHOTO_PIXELS } from "@/lib/constants";
import { formatFileSize } from "@/lib/file-size";
import { readImageHeader, type ImageHeader } from "@/lib/photos/image-header";
import { heicNotSupported, TOO_MANY_PIXELS_TITLE, tooManyPixels, UNSUPPORTED_FORMAT_TITLE } from "@/lib/schemas/memories";
import { checkPhoto, type PhotoRefusal } from "./check-photo";

// An ordinary phone photo can be over the 5 MB limit, and an iPhone may hand over HEIC, which the
// server cannot read. Rather than refuse them, the browser remakes such a photo as a JPEG the
// server takes: upright, at most 3000 px on its long edge, at the best quality that fits
// (docs/product.md §5, docs/decisions/005-memory-photos.md). A photo within the limits is sent
// exactly as chosen. The server's rules do not change, and it still checks every photo.

/**
 * Long edges to try, largest first. 3000 px is far more than the 1600 px shown on screen and the
 * 1800 px the printed book uses; 1600 px at the lowest quality fits in 5 MB whatever the picture.
 */
export const REMADE_LONG_EDGES = [3000, 2400, 2000, 1600] as const;
export const REMADE_QUALITIES = [0.9, 0.8, 0.7] as const;

/**
 * How much of a file is read to find its kind and size: its header is near the start, and a file
 * over the limit is not read whole only to learn that it cannot be remade.
 */
const HEADER_BYTES = 1 << 20;

export type RemakeAttempt = { width: number; height: number; quality: number };

/**
 * Every size and quality to try for an upright picture of this size, best first: each quality at
 * the largest size, then each at the next. A photo smaller than an edge keeps its own size.
 */
export function remakeAttempts(width: number, height: number): RemakeAttempt[] {
  const longEdge = Math.max(width, height);
  const edges = [...new Set(REMADE_LONG_EDGES.map((edge) => Math.min(edge, longEdge)))];
  return edges.flatMap((edge) => {
    const scale = edge / longEdge;
    const size = { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
    return REMADE_QUALITIES.map((quality) => ({ ...size, quality }));
  });
}

export const HEIC_WAY_FORWARD =
  "On an iPhone, choose Settings → Camera → Formats → Most Compatible so that new photos are saved as JPEG, or share this photo as a JPEG and choose that copy.";
/** A HEIC photo this browser cannot read either: the picker's reason, and what to do about it. */
export const heicNotReadable = (fileName: string) => `${heicNotSupported(fileName)} ${HEIC_WAY_FORWARD}`;
const heicRefusal = (fileName: string): PhotoRefusal => ({ fileName, title: UNSUPPORTED_FORMAT_TITLE, message: heicNotReadable(fileName) });

export type RemadeSize = { width: number; height: number; bytes: number };
const sizeInWords = ({ width, height, bytes }: RemadeSize) => `${width} × ${height} px, ${formatFileSize(bytes)}`;

export const makingSmaller = (fileName: string) => `Making ${fileName} smaller to fit...`;
export const makingJpeg = (fileName: string) => `Turning ${fileName} into a JPEG...`;
export const madeSmaller = (fileName: string, size: RemadeSize) => `${fileName} was made smaller to fit: ${sizeInWords(size)}`;
export const madeJpeg = (fileName: string, size: RemadeSize) => `${fileName} was turned into a JPEG, which Family Book can read: ${sizeInWords(size)}`;

export type PhotoPlan = { action: "send" } | { action: "make-smaller" } | { action: "make-jpeg" } | { action: "refuse"; refusal: PhotoRefusal };

/**
 * What becomes of a chosen file, from the picker's check of it as it is and its header. Only a
 * picture whose pixel count is known and within the limit is ever decoded: the browser would
 * hold a 50-megapixel photo as 200 MB before it could make it smaller, and a phone may close the
 * page, form and all, to get that back. So a photo over 50 megapixels is still refused, and so
 * is a GIF over 5 MB, which would stop moving as a JPEG.
 */
export function planPhoto(file: { name: string; size: number }, header: ImageHeader | null, asItIs: PhotoRefusal | null): PhotoPlan {
  if (!asItIs) return { action: "send" };
  const refuse = (refusal: PhotoRefusal): PhotoPlan => ({ action: "refuse", refusal });
  const heic = header?.format === "heic";
  // Not a picture, or a picture within 5 MB refused for its pixels: nothing to remake.
  if (!header || (!heic && file.size <= MAX_PHOTO_BYTES)) return refuse(asItIs);
  if (header.width === null || header.height === null) return refuse(heic ? heicRefusal(file.name) : asItIs);
  if (header.width * header.height > MAX_PHOTO_PIXELS) {
    return refuse({ fileName: file.name, title: TOO_MANY_PIXELS_TITLE, message: tooManyPixels(file.name, { width: header.width, height: header.height }) });
  }
  if (heic) return { action: "make-jpeg" };
  if (header.format === "gif") return refuse(asItIs);
  return { action: "make-smaller" };
}

/** A chosen photo ready to send: the file itself, or a JPEG made from it, with words saying so. */
export type PreparedPhoto = { file: File; note: string | null };

/**
 * The picker's one way in for a chosen file: checked, remade when it is over the limit or HEIC
 * (`onRemaking` is told, so the form can say it is working), and checked again as it will be sent.
 */
export async function preparePhoto(file: File, onRemaking?: (status: string) => void): Promise<{ photo: PreparedPhoto } | { refusal: PhotoRefusal }> {
  const asItIs = await checkPhoto(file);
  if (!asItIs) return { photo: { file, note: null } };
  let header: ImageHeader | null = null;
  try {
    header = readImageHeader(new Uint8Array(await file.slice(0, HEADER_BYTES).arrayBuffer()));
  } catch {
    return { refusal: asItIs };
  }
  const plan = planPhoto(file, header, asItIs);
  if (plan.action === "refuse") return { refusal: plan.refusal };
  if (plan.action === "send") return { photo: { file, note: null } };
  const heic = plan.action === "make-jpeg";
  onRemaking?.(heic ? makingJpeg(file.name) : makingSmaller(file.name));
  const remade = await remakeAsJpeg(file);
  if (!remade || (await checkPhoto(remade.file))) return { refusal: heic ? heicRefusal(file.name) : asItIs };
  return { photo: { file: remade.file, note: heic ? madeJpeg(file.name, remade) : madeSmaller(file.name, remade) } };
}

/**
 * The photo decoded upright (its EXIF orientation applied) and encoded as JPEG at the first size
 * and quality within 5 MB; null when this browser cannot decode it or nothing fits.
 */
async function remakeAsJpeg(file: File): Promise<(RemadeSize & { file: File }) | null> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    return null;
  }
  try {
    for (const attempt of remakeAttempts(bitmap.width, bitmap.height)) {
      const blob = await encodeJpeg(bitmap, attempt);
      if (blob && blob.size <= MAX_PHOTO_BYTES) {
        return {
          file: new File([blob], file.name, { type: "image/jpeg", lastModified: file.lastModified }),
          width: attempt.width,
          height: attempt.height,
          bytes: blob.size,
        };
      }
    }
    return null;
  } catch {
    return null;
  } finally {
    bitmap.close();
  }
}

async function encodeJpeg(bitmap: ImageBitmap, { width, height, quality }: RemakeAttempt): Promise<Blob | null> {
  const draw = (context: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null) => {
    if (!context) return false;
    // JPEG has no transparency: a transparent PNG would otherwise turn black.
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, width, height);
    context.imageSmoothingQuality = "high";
    context.drawImage(bitmap, 0, 0, width, height);
    return true;
  };
  if (typeof OffscreenCanvas !== "undefined") {
    const canvas = new OffscreenCanvas(width, height);
    return draw(canvas.getContext("2d")) ? canvas.convertToBlob({ type: "image/jpeg", quality }) : null;
  }
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  if (!draw(canvas.getContext("2d"))) return null;
  return new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", quality));
}
