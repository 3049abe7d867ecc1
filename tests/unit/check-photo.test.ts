import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { checkPhoto } from "@/components/memories/check-photo";
import { blackPng } from "../helpers/memories";

// docs/product.md §5: the photo picker refuses at once, naming the file and the reason.

const file = (bytes: Uint8Array | Buffer, name: string, type = "image/jpeg") => new File([new Uint8Array(bytes)], name, { type });

describe("the photo picker's check of a chosen file", () => {
  it("takes a real photo", async () => {
    const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: "#2e86de" } })
      .jpeg()
      .toBuffer();
    expect(await checkPhoto(file(photo, "lake.jpg"))).toBeNull();
  });

  it("refuses text renamed fake.jpg by its bytes, whatever its name and declared type", async () => {
    expect(await checkPhoto(file(new TextEncoder().encode("this is not a photo"), "fake.jpg"))).toEqual({
      fileName: "fake.jpg",
      title: "Only image files can be uploaded",
      message: "fake.jpg is not an image. Only image files can be uploaded.",
    });
  });

  it("refuses a file over 5 MB without reading it", async () => {
    expect(await checkPhoto(file(new Uint8Array(5 * 1024 * 1024 + 1), "huge.jpg"))).toEqual({
      fileName: "huge.jpg",
      title: "File too large",
      message: "huge.jpg is larger than 5MB",
    });
  });

  it("refuses a picture of more than 50 million pixels, however small the file, with its size", async () => {
    expect(await checkPhoto(file(blackPng(20_000, 20_000), "flood.png", "image/png"))).toEqual({
      fileName: "flood.png",
      title: "Photo too large",
      message: "flood.png is 20000 × 20000 pixels, more than the 50 million pixels a photo can have. Please choose a smaller photo.",
    });
    expect(await checkPhoto(file(blackPng(7_000, 7_000), "big-but-fine.png", "image/png"))).toBeNull();
  });

  it("refuses a HEIC photo, which cannot be read here, and says what to choose instead", async () => {
    const ftyp = new Uint8Array([0, 0, 0, 24, ...new TextEncoder().encode("ftypheic"), 0, 0, 0, 0, ...new TextEncoder().encode("mif1heic")]);
    expect(await checkPhoto(file(ftyp, "IMG_0042.HEIC", "image/heic"))).toEqual({
      fileName: "IMG_0042.HEIC",
      title: "Photo format not supported",
      message: "IMG_0042.HEIC is a HEIC photo, which Family Book cannot read yet. Please choose a JPEG or PNG copy of it.",
    });
  });
});
