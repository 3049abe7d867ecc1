import sharp from "sharp";
import { POST as createMemoryRoute } from "@/app/api/memories/route";
import { call } from "./api";
import { blackPng } from "./images";

export { blackPng };

// Memory payloads and real image files for the memories tests.

export type MemoryFields = Record<string, string | string[] | undefined>;

export function memoryForm(fields: MemoryFields = {}, photos: { name: string; bytes: Buffer; type?: string }[] = []) {
  const form = new FormData();
  const values: MemoryFields = { title: "Picnic at the lake", content: "Grandpa caught a fish.", memory_date: "2020-07-14", ...fields };
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) form.append(name, item);
  }
  for (const photo of photos) form.append("photos", new File([new Uint8Array(photo.bytes)], photo.name, { type: photo.type ?? "image/jpeg" }));
  return form;
}

export async function createMemoryAs(token: string, fields: MemoryFields = {}, photos: { name: string; bytes: Buffer; type?: string }[] = []) {
  const result = await call(createMemoryRoute, "/api/memories", { token, body: memoryForm(fields, photos) });
  if (result.status !== 201) throw new Error(`Creating a memory failed: ${result.status} ${JSON.stringify(result.body)}`);
  return result.body.data.memory as { id: string; memory_photos: { id: string; photo_url: string; thumbnail_url: string; order_number: number }[] };
}

export async function jpeg({ width = 64, height = 48, color = "#c0392b" } = {}) {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
}

/** A landscape JPEG whose EXIF says "rotate 90° clockwise", carrying a camera model and GPS. */
export async function sidewaysJpegWithGps() {
  return sharp({ create: { width: 80, height: 40, channels: 3, background: "#2e86de" } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: "FamilyCam" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "0/1 7/1 0/1" },
    })
    .toBuffer();
}

/** True when an EXIF block points at a GPS directory (tag 0x8825, either byte order). */
export function hasGpsDirectory(exif: Buffer | undefined) {
  if (!exif) return false;
  return exif.includes(Buffer.from([0x25, 0x88])) || exif.includes(Buffer.from([0x88, 0x25]));
}

/** A valid JPEG of more than 5 MB: noise does not compress. */
export async function oversizedJpeg() {
  const width = 2600;
  const height = 2000;
  const noise = Buffer.alloc(width * height * 3);
  for (let index = 0; index < noise.length; index += 1) noise[index] = (index * 2654435761) >>> 24;
  const bytes = await sharp(noise, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 100 })
    .toBuffer();
  if (bytes.length <= 5 * 1024 * 1024) throw new Error(`Test image is only ${bytes.length} bytes`);
  return bytes;
}
