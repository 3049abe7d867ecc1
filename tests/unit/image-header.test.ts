import fc from "fast-check";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { readImageHeader, type ImageHeader } from "@/lib/photos/image-header";

// The picker reads the first bytes of whatever file a person picks (src/lib/photos/image-header.ts):
// real pictures are recognised with their size, and no sequence of bytes — random, cut short or
// damaged — makes it throw or run on.

const FORMATS = new Set(["jpeg", "png", "gif", "webp", "avif", "heic"]);
const base = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: "#8e44ad" } });

let samples: { name: string; bytes: Uint8Array; expected: ImageHeader }[] = [];

/** An ISO media file as an iPhone writes HEIC: the ftyp box, then a thumbnail's and the photo's extents. */
function heic(width: number, height: number) {
  const box = (type: string, payload: number[]) => {
    const size = 8 + payload.length;
    return [size >>> 24, (size >>> 16) & 255, (size >>> 8) & 255, size & 255, ...Buffer.from(type), ...payload];
  };
  const u32 = (value: number) => [value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255];
  return new Uint8Array([
    ...box("ftyp", [...Buffer.from("heic"), 0, 0, 0, 0, ...Buffer.from("mif1heic")]),
    ...box("ispe", [0, 0, 0, 0, ...u32(320), ...u32(240)]),
    ...box("ispe", [0, 0, 0, 0, ...u32(width), ...u32(height)]),
  ]);
}

beforeAll(async () => {
  const exif = { IFD0: { Make: "Family Book test camera", ImageDescription: "x".repeat(20_000) } };
  samples = [
    { name: "JPEG", bytes: await base(640, 480).jpeg().toBuffer(), expected: { format: "jpeg", width: 640, height: 480 } },
    {
      name: "JPEG with a large EXIF block",
      bytes: await base(301, 702).withExif(exif).jpeg().toBuffer(),
      expected: { format: "jpeg", width: 301, height: 702 },
    },
    { name: "progressive JPEG", bytes: await base(1000, 10).jpeg({ progressive: true }).toBuffer(), expected: { format: "jpeg", width: 1000, height: 10 } },
    { name: "PNG", bytes: await base(7, 9000).png().toBuffer(), expected: { format: "png", width: 7, height: 9000 } },
    { name: "GIF", bytes: await base(33, 44).gif().toBuffer(), expected: { format: "gif", width: 33, height: 44 } },
    { name: "lossy WebP", bytes: await base(800, 600).webp().toBuffer(), expected: { format: "webp", width: 800, height: 600 } },
    { name: "lossless WebP", bytes: await base(123, 45).webp({ lossless: true }).toBuffer(), expected: { format: "webp", width: 123, height: 45 } },
    {
      name: "WebP with metadata (VP8X)",
      bytes: await base(1601, 1201).withExif(exif).webp().toBuffer(),
      expected: { format: "webp", width: 1601, height: 1201 },
    },
    { name: "AVIF", bytes: await base(64, 48).avif().toBuffer(), expected: { format: "avif", width: 64, height: 48 } },
    { name: "HEIC", bytes: heic(4032, 3024), expected: { format: "heic", width: 4032, height: 3024 } },
  ].map((sample) => ({ ...sample, bytes: new Uint8Array(sample.bytes) })) as typeof samples;
});

function expectWellFormed(header: ImageHeader | null) {
  if (header === null) return;
  expect(FORMATS.has(header.format)).toBe(true);
  for (const value of [header.width, header.height]) {
    if (value !== null) {
      expect(Number.isInteger(value)).toBe(true);
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThanOrEqual(2 ** 32);
    }
  }
  expect(header.width === null).toBe(header.height === null);
}

describe("reading what a picked file is from its bytes", () => {
  it("recognises each kind of photo and its size in pixels", () => {
    for (const sample of samples) expect(readImageHeader(sample.bytes), sample.name).toEqual(sample.expected);
  });

  it("recognises a file by its bytes whatever it is called: text named fake.jpg is no picture", () => {
    expect(readImageHeader(new TextEncoder().encode("These are not pixels, whatever the name says."))).toBeNull();
    expect(readImageHeader(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(readImageHeader(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d]))).toBeNull(); // %PDF-
    expect(readImageHeader(new Uint8Array())).toBeNull();
  });

  it("gives the format without a size for headers that end or break before the size", () => {
    const corpus: [number[], string][] = [
      [[0xff, 0xd8, 0xff], "jpeg"],
      [[0xff, 0xd8, 0xff, 0xe0, 0x00, 0x00], "jpeg"], // a segment of length 0
      [[0xff, 0xd8, 0xff, 0xe0, 0x00, 0x01, 0xff], "jpeg"], // of length 1
      [[0xff, 0xd8, 0xff, 0xe1, 0xff, 0xff, 0x00], "jpeg"], // longer than the file
      [[0xff, 0xd8, 0xff, 0xda, 0x00, 0x08, 1, 2, 3, 4, 5, 6], "jpeg"], // data before any frame header
      [[0xff, 0xd8, 0xff, 0xc0, 0x00, 0x11, 0x08], "jpeg"], // a frame header cut short
      [[...Buffer.from("\x89PNG\r\n\x1a\n", "latin1")], "png"],
      [[...Buffer.from("GIF89a"), 1], "gif"],
      [[...Buffer.from("RIFF"), 0, 0, 0, 0, ...Buffer.from("WEBPVP8 ")], "webp"],
      [[...Buffer.from("RIFF"), 0, 0, 0, 0, ...Buffer.from("WEBPVP8L"), 0, 0, 0, 0, 0x2f, 1], "webp"],
      [[0, 0, 0, 0, ...Buffer.from("ftypavif")], "avif"], // a box of size 0
      [[0xff, 0xff, 0xff, 0xff, ...Buffer.from("ftypheic")], "heic"], // a box larger than the file
    ];
    for (const [bytes, format] of corpus) expect(readImageHeader(new Uint8Array(bytes)), String(bytes)).toEqual({ format, width: null, height: null });
    expect(readImageHeader(new Uint8Array([0, 0, 0, 24, ...Buffer.from("ftypmp42")]))).toBeNull(); // a video, not a picture
  });

  it("never throws on any bytes at all", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 4096 }), (bytes) => {
        expectWellFormed(readImageHeader(bytes));
      }),
      { numRuns: 2000 },
    );
  });

  it("never throws on any bytes after a picture's signature", () => {
    const signatures = [
      [0xff, 0xd8, 0xff],
      [...Buffer.from("\x89PNG\r\n\x1a\n", "latin1")],
      [...Buffer.from("GIF89a")],
      [...Buffer.from("RIFF....WEBP")],
      [0, 0, 0, 28, ...Buffer.from("ftyp")],
    ];
    fc.assert(
      fc.property(fc.constantFrom(...signatures), fc.uint8Array({ maxLength: 2048 }), (signature, rest) => {
        const header = readImageHeader(new Uint8Array([...signature, ...rest]));
        expectWellFormed(header);
        if (signature[0] !== 0) expect(header).not.toBeNull();
      }),
      { numRuns: 2000 },
    );
  });

  it("never throws on a real photo cut short anywhere, and still knows its format", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: samples.length - 1 }), fc.double({ min: 0, max: 1, noNaN: true }), (which, fraction) => {
        const sample = samples[which]!;
        const cut = sample.bytes.subarray(0, Math.floor(sample.bytes.length * fraction));
        const header = readImageHeader(cut);
        expectWellFormed(header);
        if (cut.length >= 32) expect(header?.format).toBe(sample.expected.format);
      }),
      { numRuns: 1000 },
    );
  });

  it("never throws on a real photo with damaged bytes", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: samples.length - 1 }),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 20 }),
        (which, damage) => {
          const bytes = new Uint8Array(samples[which]!.bytes);
          for (const [position, value] of damage) bytes[position % bytes.length] = value;
          expectWellFormed(readImageHeader(bytes));
        },
      ),
      { numRuns: 1000 },
    );
  });
});
