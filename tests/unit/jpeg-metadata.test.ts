import fc from "fast-check";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
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
    expect(
      stripJpegMetadata(
        await sharp({ create: { width: 4, height: 4, channels: 3, background: "#fff" } })
          .png()
          .toBuffer(),
      ),
    ).toBeNull();
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

// ---- Fuzzing: the cutter reads untrusted bytes ------------------------------------------------

const SECRET = "51.5N 0.12W Elm Street";

/** A segment: marker, then a length that counts itself, then the payload. */
function segment(marker: number, payload: Buffer | string) {
  const body = typeof payload === "string" ? Buffer.from(payload, "latin1") : payload;
  const header = Buffer.from([0xff, marker, 0, 0]);
  header.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([header, body]);
}

/** A JFIF header (APP0) with an optional thumbnail of w×h RGB pixels after it. */
function jfif(thumbnail?: { width: number; height: number; fill: string }) {
  const header = Buffer.from([...Buffer.from("JFIF\0", "latin1"), 1, 2, 1, 0, 72, 0, 72, thumbnail?.width ?? 0, thumbnail?.height ?? 0]);
  if (!thumbnail) return segment(0xe0, header);
  const pixels = Buffer.alloc(thumbnail.width * thumbnail.height * 3, thumbnail.fill, "latin1");
  return segment(0xe0, Buffer.concat([header, pixels]));
}

/** Where each segment before the first scan starts (after SOI), and where the first scan starts. */
function segmentStarts(bytes: Buffer) {
  const starts: number[] = [];
  let offset = 2;
  // Stops early in a damaged file: where the segments stop making sense.
  while (offset + 4 <= bytes.length && bytes[offset] === 0xff && bytes[offset + 1] !== 0xda) {
    starts.push(offset);
    offset += 2 + bytes.readUInt16BE(offset + 2);
  }
  return [...starts, offset];
}

const insertAt = (bytes: Buffer, at: number, extra: Buffer) => Buffer.concat([bytes.subarray(0, at), extra, bytes.subarray(at)]);

type Walked = { marker: number; payload?: Buffer };

/**
 * The segments of a JPEG up to its end marker, walked here independently of the code under test;
 * throws if the file is not one whole JPEG with nothing after the end marker.
 */
function walk(bytes: Buffer): Walked[] {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) throw new Error("no start marker");
  const segments: Walked[] = [];
  let offset = 2;
  while (offset < bytes.length - 1) {
    while (bytes[offset] === 0xff && bytes[offset + 1] === 0xff) offset += 1;
    if (bytes[offset] !== 0xff) throw new Error(`no marker at ${offset}`);
    const marker = bytes[offset + 1]!;
    if (marker === 0xd9) {
      if (offset + 2 !== bytes.length) throw new Error("bytes after the end marker");
      return [...segments, { marker }];
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      segments.push({ marker });
      offset += 2;
      continue;
    }
    const end = offset + 2 + bytes.readUInt16BE(offset + 2);
    segments.push({ marker, payload: bytes.subarray(offset + 4, end) });
    offset = end;
    if (marker === 0xda) {
      while (
        offset < bytes.length - 1 &&
        !(bytes[offset] === 0xff && bytes[offset + 1] !== 0x00 && bytes[offset + 1] !== 0xff && !(bytes[offset + 1]! >= 0xd0 && bytes[offset + 1]! <= 0xd7))
      ) {
        offset += 1;
      }
    }
  }
  throw new Error("no end marker");
}

/** What a stripped file may still hold: frame, tables, scans, and three known headers, exactly. */
function expectOnlyPictureSegments(stripped: Buffer) {
  for (const { marker, payload } of walk(stripped)) {
    const name = `marker 0x${marker.toString(16)}`;
    expect(marker, name).not.toBe(0xfe);
    if (marker < 0xe0 || marker > 0xef) continue;
    const text = payload!.toString("latin1");
    if (marker === 0xe0) {
      expect(text.slice(0, 5), name).toBe("JFIF\0");
      expect(payload!.length, "a JFIF header without a thumbnail").toBe(14);
      expect([payload![12], payload![13]]).toEqual([0, 0]);
    } else if (marker === 0xee) {
      expect(text.slice(0, 5), name).toBe("Adobe");
      expect(payload!.length, "Adobe's colour flags alone").toBe(12);
    } else {
      expect(marker, name).toBe(0xe2);
      expect(text.slice(0, 12)).toBe("ICC_PROFILE\0");
    }
  }
}

/** The decoded pixels, or null when the bytes are not a picture sharp can decode. */
const decoded = (bytes: Buffer) =>
  sharp(bytes, { failOn: "error" })
    .raw()
    .toBuffer()
    .catch(() => null);

let corpus: { name: string; bytes: Buffer }[];

beforeAll(async () => {
  const cmyk = await sharp({ create: { width: 24, height: 16, channels: 3, background: "#3a7" } })
    .toColourspace("cmyk")
    .jpeg()
    .withExif({ IFD0: { Make: "FamilyCam" }, IFD3: GPS })
    .toBuffer();
  corpus = [
    { name: "baseline", bytes: await uprightJpegWithEverything() },
    { name: "progressive", bytes: await uprightJpegWithEverything({ progressive: true }) },
    { name: "CMYK with Adobe's colour flags", bytes: cmyk },
    { name: "with a JFIF header", bytes: insertAt(await uprightJpegWithEverything(), 2, jfif()) },
  ];
});

describe("fuzzing the segment cutter: broken and hostile files", () => {
  it("the corpus decodes, and its Adobe and JFIF headers are there to be kept", async () => {
    for (const { name, bytes } of corpus) expect(await decoded(bytes), name).not.toBeNull();
    expect(walk(corpus[2]!.bytes).some((part) => part.marker === 0xee)).toBe(true);
    expect(walk(corpus[3]!.bytes)[0]!.marker).toBe(0xe0);
  });

  it("gives up (null) on a file cut short at any byte, and never throws", () => {
    for (const { bytes } of corpus) {
      for (let length = 0; length < bytes.length; length += 1) expect(stripJpegMetadata(bytes.subarray(0, length))).toBeNull();
    }
  });

  it("gives up on a segment length that runs past the end of the file or cannot be a length", () => {
    for (const { bytes } of corpus) {
      for (const start of segmentStarts(bytes)) {
        for (const length of [0, 1, 0xffff, bytes.length]) {
          const broken = Buffer.from(bytes);
          broken.writeUInt16BE(Math.min(length, 0xffff), start + 2);
          const stripped = stripJpegMetadata(broken);
          if (length <= 1 || start + 2 + length > bytes.length) expect(stripped).toBeNull();
        }
      }
    }
  });

  it("refuses what is not a JPEG: nothing, text, PNG, GIF, WebP, random bytes, a bare start marker", async () => {
    const image = sharp({ create: { width: 4, height: 4, channels: 3, background: "#123" } });
    const others = [
      Buffer.alloc(0),
      Buffer.from([0xff]),
      Buffer.from([0xff, 0xd8]),
      Buffer.from([0xff, 0xd8, 0xff]),
      Buffer.from("GIF89a not really"),
      await image.clone().png().toBuffer(),
      await image.clone().gif().toBuffer(),
      await image.clone().webp().toBuffer(),
      Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 7919) % 251)),
    ];
    for (const bytes of others) expect(stripJpegMetadata(bytes)).toBeNull();
  });

  it("drops an APP1 that carries a whole JPEG with its own EXIF and XMP inside (nested APP1)", async () => {
    const inner = await uprightJpegWithEverything();
    const outer = await uprightJpegWithEverything();
    const nested = insertAt(outer, 2, segment(0xe1, Buffer.concat([Buffer.from("Exif\0\0", "latin1"), inner.subarray(0, 60_000)])));
    const stripped = stripJpegMetadata(nested)!;
    expect(stripped).not.toBeNull();
    expectOnlyPictureSegments(stripped);
    expect(stripped.includes("FamilyCam")).toBe(false);
    expect((await decoded(stripped))!.equals((await decoded(outer))!)).toBe(true);
  });

  // Found by the fuzzing below: a segment was kept because its first bytes were "JFIF\0" or
  // "Adobe", so whatever followed those headers (a JFIF thumbnail of the uncropped picture, or any
  // text at all) was kept with it.
  it("keeps only the header of a JFIF or Adobe segment: a thumbnail or text after it is dropped", async () => {
    const withThumbnail = insertAt(corpus[0]!.bytes, 2, jfif({ width: 4, height: 3, fill: SECRET }));
    const adobe = corpus[2]!.bytes;
    const adobeAt = segmentStarts(adobe).find((start) => adobe[start + 1] === 0xee)!;
    const adobeLength = adobe.readUInt16BE(adobeAt + 2);
    const withText = insertAt(adobe, adobeAt + 2 + adobeLength, Buffer.from(SECRET, "latin1"));
    withText.writeUInt16BE(adobeLength + SECRET.length, adobeAt + 2);
    for (const input of [withThumbnail, withText]) {
      const stripped = stripJpegMetadata(input)!;
      expect(stripped).not.toBeNull();
      expect(stripped.includes(SECRET)).toBe(false);
      expectOnlyPictureSegments(stripped);
      expect((await decoded(stripped))!.equals((await decoded(input))!)).toBe(true);
    }
  });

  it("answers at once for megabytes of fill bytes, or of scan data that never reaches a marker", () => {
    const fill = Buffer.concat([Buffer.from([0xff, 0xd8]), Buffer.alloc(5_000_000, 0xff)]);
    const endlessScan = Buffer.concat([
      corpus[0]!.bytes.subarray(0, segmentStarts(corpus[0]!.bytes).at(-1)!),
      segment(0xda, Buffer.alloc(10)),
      Buffer.alloc(5_000_000, 0x42),
    ]);
    const started = performance.now();
    expect(stripJpegMetadata(fill)).toBeNull();
    expect(stripJpegMetadata(endlessScan)).toBeNull();
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it("leaves no metadata, wherever it hides, and every pixel as it was (property)", async () => {
    const markers = fc.constantFrom(0xe1, 0xe3, 0xe4, 0xe9, 0xec, 0xed, 0xef, 0xfe, 0xe0, 0xee, 0xe2);
    const hiding = fc.record({
      marker: markers,
      // After a prefix the cutter recognises, so only the rule for that kind of segment can save it.
      prefix: fc.constantFrom("Exif\0\0", "http://ns.adobe.com/xap/1.0/\0", "Photoshop 3.0\0", "MPF\0", "", "JFIF\0", "Adobe", "ICC_PROFILE\0"),
      where: fc.nat(),
    });
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: corpus.length - 1 }), fc.array(hiding, { minLength: 1, maxLength: 4 }), fc.boolean(), async (pick, hidden, trailing) => {
        let bytes = corpus[pick]!.bytes;
        for (const { marker, prefix, where } of hidden) {
          // A segment that a decoder would read as a real header (ICC, or JFIF/Adobe with their
          // fields) must carry its proper prefix; the rest hide behind any prefix at all.
          if ((marker === 0xe0 && prefix !== "JFIF\0") || (marker === 0xee && prefix !== "Adobe") || (marker === 0xe2 && prefix === "ICC_PROFILE\0")) continue;
          const payload =
            marker === 0xe0
              ? jfif({ width: 2, height: 1, fill: SECRET }).subarray(4)
              : Buffer.from(`${prefix}${prefix === "Adobe" ? "\u0064\0\0\0\0\u0001" : ""}${SECRET}`, "latin1");
          const starts = segmentStarts(bytes);
          bytes = insertAt(bytes, starts[where % starts.length]!, segment(marker, payload));
        }
        if (trailing) bytes = Buffer.concat([bytes, Buffer.from(`\xff\xe1${SECRET}`, "latin1")]);
        const stripped = stripJpegMetadata(bytes);
        expect(stripped).not.toBeNull();
        expect(stripped!.includes(SECRET)).toBe(false);
        expectOnlyPictureSegments(stripped!);
        const meta = await sharp(stripped!).metadata();
        expect([meta.exif, meta.xmp, meta.iptc, meta.comments?.length || undefined]).toEqual([undefined, undefined, undefined, undefined]);
        const before = await decoded(bytes);
        if (before) expect((await decoded(stripped!))!.equals(before)).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it("never throws on damaged files, and whatever it returns is a clean, whole JPEG that decodes as the damaged file did (property)", async () => {
    const damage = fc.oneof(
      fc.record({ kind: fc.constant("flip" as const), at: fc.nat(), value: fc.integer({ min: 0, max: 255 }) }),
      fc.record({ kind: fc.constant("cut" as const), at: fc.nat(), count: fc.integer({ min: 1, max: 64 }) }),
      fc.record({ kind: fc.constant("insert" as const), at: fc.nat(), bytes: fc.uint8Array({ minLength: 1, maxLength: 24 }) }),
      fc.record({ kind: fc.constant("length" as const), at: fc.nat(), value: fc.integer({ min: 0, max: 0xffff }) }),
      fc.record({ kind: fc.constant("marker" as const), at: fc.nat(), value: fc.constantFrom(0xd8, 0xd9, 0xda, 0x01, 0xd0, 0xff, 0x00, 0xe1, 0xfe, 0xc0) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: corpus.length - 1 }), fc.array(damage, { minLength: 1, maxLength: 5 }), async (pick, damages) => {
        let bytes = Buffer.from(corpus[pick]!.bytes);
        for (const change of damages) {
          const at = change.at % bytes.length;
          if (change.kind === "flip") bytes[at] = change.value;
          else if (change.kind === "cut") bytes = Buffer.concat([bytes.subarray(0, at), bytes.subarray(at + change.count)]);
          else if (change.kind === "insert") bytes = insertAt(bytes, at, Buffer.from(change.bytes));
          else if (change.kind === "length") {
            const starts = segmentStarts(bytes).filter((start) => start + 4 <= bytes.length);
            if (starts.length) bytes.writeUInt16BE(change.value, starts[at % starts.length]! + 2);
          } else if (at + 1 < bytes.length) {
            bytes[at] = 0xff;
            bytes[at + 1] = change.value;
          }
        }
        let stripped: Buffer | null = null;
        expect(() => (stripped = stripJpegMetadata(bytes))).not.toThrow();
        if (!stripped) return;
        expectOnlyPictureSegments(stripped);
        const before = await decoded(bytes);
        if (before) expect((await decoded(stripped))?.equals(before), "the stripped file decodes to the same pixels").toBe(true);
      }),
      { numRuns: 400 },
    );
  });
});
