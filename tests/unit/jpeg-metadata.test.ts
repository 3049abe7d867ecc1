import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { stripJpegMetadata } from "@/server/memories/jpeg-metadata";
import { processPhoto } from "@/server/memories/photo-pipeline";
import { hasGpsDirectory } from "../helpers/memories";

// Upright JPEGs keep their pixels: only the metadata segments are cut out of the file.

const GPS = { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "0/1 7/1 0/1" };

/** An upright camera-style JPEG: EXIF with GPS and a camera, XMP, a P3 colour profile. */
async function uprightJpegWithEverything({ progressive = false } = {}) {
  return sharp({ create: { width: 96, height: 64, channels: 3, background: "#777", noise: { type: "gaussian", mean: 120, sigma: 30 } } })
    .jpeg({ quality: 90, progressive })
    .withIccProfile("p3")
    .withExif({ IFD0: { Make: "FamilyCam", Model: "Pocket 3" }, IFD3: GPS })
    .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>')
    .toBuffer();
}

/** Inserts a JPEG segment (marker + payload) right after the start-of-image marker. */
function withSegment(bytes: Buffer, marker: number, payload: string) {
  const body = Buffer.from(payload, "latin1");
  const header = Buffer.from([0xff, marker, 0, 0]);
  header.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([bytes.subarray(0, 2), header, body, bytes.subarray(2)]);
}

const pixels = (bytes: Buffer) => sharp(bytes).raw().toBuffer();

describe("cutting metadata out of an upright JPEG", () => {
  it("the test image really carries GPS, a camera name, XMP and a colour profile, so the tests can fail", async () => {
    const meta = await sharp(await uprightJpegWithEverything()).metadata();
    expect(hasGpsDirectory(meta.exif)).toBe(true);
    expect(meta.exif?.includes("FamilyCam")).toBe(true);
    expect(meta.xmp).toBeDefined();
    expect(meta.icc).toBeDefined();
  });

  it("drops EXIF (GPS and camera), XMP, comments and Photoshop blocks, keeps the colour profile", async () => {
    const input = withSegment(withSegment(await uprightJpegWithEverything(), 0xfe, "Taken at 12 Elm Street"), 0xed, "Photoshop 3.0\0IPTC");
    const stripped = stripJpegMetadata(input)!;
    expect(stripped).not.toBeNull();
    const meta = await sharp(stripped).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.iptc).toBeUndefined();
    expect(meta.comments ?? []).toEqual([]);
    expect(meta.icc).toBeDefined();
    for (const secret of ["Exif\0\0", "FamilyCam", "Pocket 3", "Elm Street", "Photoshop", "xmpmeta"]) {
      expect(stripped.includes(secret), secret).toBe(false);
    }
  });

  it("leaves every pixel exactly as it was, baseline and progressive", async () => {
    for (const progressive of [false, true]) {
      const input = await uprightJpegWithEverything({ progressive });
      const stripped = stripJpegMetadata(input)!;
      expect(stripped.length).toBeLessThan(input.length);
      expect((await pixels(stripped)).equals(await pixels(input))).toBe(true);
    }
  });

  it("drops whatever follows the end of the picture (a second image with its own EXIF)", async () => {
    const appended = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
      .jpeg()
      .withExif({ IFD0: { Make: "HiddenCam" } })
      .toBuffer();
    const stripped = stripJpegMetadata(Buffer.concat([await uprightJpegWithEverything(), appended]))!;
    expect(stripped.includes("HiddenCam")).toBe(false);
    expect(stripped.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
  });

  it("gives up on a file that is not a whole JPEG: cut short, or not a JPEG at all", async () => {
    const input = await uprightJpegWithEverything();
    expect(stripJpegMetadata(input.subarray(0, input.length - 100))).toBeNull();
    expect(stripJpegMetadata(Buffer.from("just some text, not a photo"))).toBeNull();
    expect(stripJpegMetadata(await sharp({ create: { width: 4, height: 4, channels: 3, background: "#fff" } }).png().toBuffer())).toBeNull();
  });
});

describe("the photo pipeline with an upright JPEG", () => {
  it("stores the original with its pixels untouched and no GPS, and sizes taken from it", async () => {
    const input = await uprightJpegWithEverything();
    const photo = await processPhoto({ fileName: "garden.jpg", bytes: input });
    expect(photo.original.contentType).toBe("image/jpeg");
    expect((await pixels(photo.original.body)).equals(await pixels(input))).toBe(true);
    const meta = await sharp(photo.original.body).metadata();
    expect(meta.exif).toBeUndefined();
    expect(photo.original.body.includes("Exif\0\0")).toBe(false);
    expect(photo).toMatchObject({ width: 96, height: 64 });
    expect(await sharp(photo.display).metadata()).toMatchObject({ format: "webp", width: 96, height: 64 });
  });

  it("refuses an upright JPEG cut short, as an image it cannot read (415)", async () => {
    const input = await uprightJpegWithEverything();
    await expect(processPhoto({ fileName: "broken.jpg", bytes: input.subarray(0, Math.floor(input.length * 0.8)) })).rejects.toMatchObject({
      status: 415,
      message: expect.stringContaining("broken.jpg"),
    });
  });
});
