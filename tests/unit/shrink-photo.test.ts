import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { PhotoRefusal } from "@/components/memories/check-photo";
import { madeJpeg, madeSmaller, makingJpeg, makingSmaller, planPhoto, preparePhoto, remakeAttempts } from "@/components/memories/shrink-photo";
import { blackPng } from "../helpers/images";

// docs/product.md §5: a photo over 5 MB, or an iPhone's HEIC photo, is remade in the browser as a
// JPEG that fits, and the picker says so; anything within the limits is sent as it was chosen.

const MB = 1024 * 1024;
const file = (bytes: Uint8Array | Buffer, name: string, type = "image/jpeg") => new File([new Uint8Array(bytes)], name, { type });
const tooLarge = (fileName: string): PhotoRefusal => ({ fileName, title: "File too large", message: `${fileName} is larger than 5MB` });
const heicWayForward =
  "On an iPhone, choose Settings → Camera → Formats → Most Compatible so that new photos are saved as JPEG, or share this photo as a JPEG and choose that copy.";
/** An iPhone photo's first bytes: the HEIC brand, and the image's spatial extent ("ispe"). */
const heicHeader = (width: number, height: number) => {
  const text = (value: string) => [...new TextEncoder().encode(value)];
  const u32 = (value: number) => [value >>> 24, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff];
  return new Uint8Array([
    0,
    0,
    0,
    24,
    ...text("ftypheic"),
    0,
    0,
    0,
    0,
    ...text("mif1heic"),
    0,
    0,
    0,
    20,
    ...text("ispe"),
    0,
    0,
    0,
    0,
    ...u32(width),
    ...u32(height),
  ]);
};

describe("what becomes of a chosen photo", () => {
  const jpeg = { format: "jpeg" as const, width: 4032, height: 3024 };

  it("sends a photo the picker takes as it is, however large its picture", () => {
    expect(planPhoto({ name: "lake.jpg", size: 4.9 * MB }, jpeg, null)).toEqual({ action: "send" });
  });

  it("makes a 6.4 MB phone photo smaller", () => {
    expect(planPhoto({ name: "big.jpg", size: 6.4 * MB }, jpeg, tooLarge("big.jpg"))).toEqual({ action: "make-smaller" });
  });

  it("turns a HEIC photo into a JPEG, whatever its size", () => {
    const refusal = {
      fileName: "IMG_0042.HEIC",
      title: "Photo format not supported",
      message: "IMG_0042.HEIC is a HEIC photo, which Family Book cannot read yet. Please choose a JPEG or PNG copy of it.",
    };
    expect(planPhoto({ name: "IMG_0042.HEIC", size: 2 * MB }, { format: "heic", width: 4032, height: 3024 }, refusal)).toEqual({ action: "make-jpeg" });
    expect(planPhoto({ name: "IMG_0042.HEIC", size: 7 * MB }, { format: "heic", width: 4032, height: 3024 }, tooLarge("IMG_0042.HEIC"))).toEqual({
      action: "make-jpeg",
    });
  });

  it("keeps refusing a file that is not a picture, or a picture within 5 MB that has too many pixels", () => {
    const notAnImage = {
      fileName: "notes.jpg",
      title: "Only image files can be uploaded",
      message: "notes.jpg is not an image. Only image files can be uploaded.",
    };
    expect(planPhoto({ name: "notes.jpg", size: 100 }, null, notAnImage)).toEqual({ action: "refuse", refusal: notAnImage });
    expect(planPhoto({ name: "huge.jpg", size: 6 * MB }, null, tooLarge("huge.jpg"))).toEqual({ action: "refuse", refusal: tooLarge("huge.jpg") });
    const flood = {
      fileName: "flood.png",
      title: "Photo too large",
      message: "flood.png is 20000 × 20000 pixels, more than the 50 million pixels a photo can have. Please choose a smaller photo.",
    };
    expect(planPhoto({ name: "flood.png", size: 50_000 }, { format: "png", width: 20_000, height: 20_000 }, flood)).toEqual({
      action: "refuse",
      refusal: flood,
    });
  });

  it("does not decode a picture over 50 million pixels to make it smaller, and says why it was not added", () => {
    expect(planPhoto({ name: "pano.jpg", size: 30 * MB }, { format: "jpeg", width: 12_000, height: 5_000 }, tooLarge("pano.jpg"))).toEqual({
      action: "refuse",
      refusal: {
        fileName: "pano.jpg",
        title: "Photo too large",
        message: "pano.jpg is 12000 × 5000 pixels, more than the 50 million pixels a photo can have. Please choose a smaller photo.",
      },
    });
  });

  it("does not decode a file over 5 MB whose pixel count its header does not give", () => {
    expect(planPhoto({ name: "odd.jpg", size: 6 * MB }, { format: "jpeg", width: null, height: null }, tooLarge("odd.jpg"))).toEqual({
      action: "refuse",
      refusal: tooLarge("odd.jpg"),
    });
  });

  it("keeps a GIF over 5 MB refused, since as a JPEG it would stop moving", () => {
    expect(planPhoto({ name: "dance.gif", size: 8 * MB }, { format: "gif", width: 800, height: 600 }, tooLarge("dance.gif"))).toEqual({
      action: "refuse",
      refusal: tooLarge("dance.gif"),
    });
  });
});

describe("the sizes and qualities tried", () => {
  it("starts at 3000 px on the long edge and the best quality, keeping the photo's shape", () => {
    expect(remakeAttempts(4032, 3024)[0]).toEqual({ width: 3000, height: 2250, quality: 0.9 });
    expect(remakeAttempts(3024, 4032)[0]).toEqual({ width: 2250, height: 3000, quality: 0.9 });
  });

  it("steps the quality down, then the size, and never below 1600 px", () => {
    expect(remakeAttempts(4032, 3024).map(({ width, height, quality }) => `${width}×${height}@${quality}`)).toEqual([
      "3000×2250@0.9",
      "3000×2250@0.8",
      "3000×2250@0.7",
      "2400×1800@0.9",
      "2400×1800@0.8",
      "2400×1800@0.7",
      "2000×1500@0.9",
      "2000×1500@0.8",
      "2000×1500@0.7",
      "1600×1200@0.9",
      "1600×1200@0.8",
      "1600×1200@0.7",
    ]);
  });

  it("never makes a photo larger than it is", () => {
    expect(remakeAttempts(1000, 750)).toEqual([
      { width: 1000, height: 750, quality: 0.9 },
      { width: 1000, height: 750, quality: 0.8 },
      { width: 1000, height: 750, quality: 0.7 },
    ]);
    expect(remakeAttempts(2200, 1100).map(({ width }) => width)).toEqual([2200, 2200, 2200, 2000, 2000, 2000, 1600, 1600, 1600]);
  });
});

describe("what the picker says", () => {
  it("says a photo was made smaller, with its new size in pixels and bytes", () => {
    expect(madeSmaller("big.jpg", { width: 3000, height: 2250, bytes: 1.8 * MB })).toBe("big.jpg was made smaller to fit: 3000 × 2250 px, 1.8 MB");
    expect(madeJpeg("IMG_0042.HEIC", { width: 3000, height: 2250, bytes: 900 * 1024 })).toBe(
      "IMG_0042.HEIC was turned into a JPEG, which Family Book can read: 3000 × 2250 px, 900 kB",
    );
  });

  it("says what it is working on", () => {
    expect(makingSmaller("big.jpg")).toBe("Making big.jpg smaller to fit...");
    expect(makingJpeg("IMG_0042.HEIC")).toBe("Turning IMG_0042.HEIC into a JPEG...");
  });
});

describe("preparing a chosen file", () => {
  it("sends a photo under 5 MB exactly as chosen, never re-encoded", async () => {
    const photo = file(
      await sharp({ create: { width: 4032, height: 3024, channels: 3, background: "#2e86de" } })
        .jpeg()
        .toBuffer(),
      "lake.jpg",
    );
    const prepared = await preparePhoto(photo);
    expect(prepared).toEqual({ photo: { file: photo, note: null } });
    expect("photo" in prepared && prepared.photo.file).toBe(photo);
  });

  it("keeps the 5 MB message for a file over 5 MB that is not a picture", async () => {
    expect(await preparePhoto(file(new Uint8Array(5 * MB + 1).fill(1), "huge.jpg"))).toEqual({ refusal: tooLarge("huge.jpg") });
  });

  it("keeps the pixel refusal for a picture of more than 50 million pixels", async () => {
    expect(await preparePhoto(file(blackPng(20_000, 20_000), "flood.png", "image/png"))).toEqual({
      refusal: {
        fileName: "flood.png",
        title: "Photo too large",
        message: "flood.png is 20000 × 20000 pixels, more than the 50 million pixels a photo can have. Please choose a smaller photo.",
      },
    });
  });

  it("refuses a HEIC photo this browser cannot read with what to do about it, after saying it tried", async () => {
    const statuses: string[] = [];
    expect(await preparePhoto(file(heicHeader(4032, 3024), "IMG_0042.HEIC", "image/heic"), (status) => statuses.push(status))).toEqual({
      refusal: {
        fileName: "IMG_0042.HEIC",
        title: "Photo format not supported",
        message: `IMG_0042.HEIC is a HEIC photo, which Family Book cannot read yet. Please choose a JPEG or PNG copy of it. ${heicWayForward}`,
      },
    });
    expect(statuses).toEqual(["Turning IMG_0042.HEIC into a JPEG..."]);
  });
});
