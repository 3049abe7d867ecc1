import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PHOTO_PATH_PATTERN } from "@/lib/schemas/data-export";
import { fileNameTitle, photoFileNamer } from "@/server/book/exports/photo-file-names";

// An export's photos are named by their story's date, title and number (docs/export-format.md),
// and every name must be one the import reads back: a plain name inside photos/, never a path.

describe("the names of an export's photos", () => {
  it("are the date, the title and the number, in any script", () => {
    const names = photoFileNamer();
    const boat = names.item("1962-07-14", "The boat on the lake");
    expect([boat(1, "jpg"), boat(2, "png")]).toEqual(["photos/1962-07-14 The boat on the lake 1.jpg", "photos/1962-07-14 The boat on the lake 2.png"]);
    expect(names.item("1975-03-02", "Málaga, 1975: the café / «Los Boliches»")(1, "jpg")).toBe("photos/1975-03-02 Málaga 1975 the café Los Boliches 1.jpg");
    expect(names.item("1980-01-01", "Γιαγιά στην Κρήτη")(1, "jpg")).toBe("photos/1980-01-01 Γιαγιά στην Κρήτη 1.jpg");
    expect(names.item("1980-01-02", "../../etc/passwd")(1, "jpg")).toBe("photos/1980-01-02 etc passwd 1.jpg");
    expect(names.item("1980-01-03", "???")(1, "jpg")).toBe("photos/1980-01-03 Untitled 1.jpg");
  });

  it("tell apart two stories of the same day and title", () => {
    const names = photoFileNamer();
    const first = names.item("1990-06-01", "Summer");
    const second = names.item("1990-06-01", "summer");
    const third = names.item("1990-06-01", "Summer!");
    expect([first(1, "jpg"), second(1, "jpg"), third(1, "jpg")]).toEqual([
      "photos/1990-06-01 Summer 1.jpg",
      "photos/1990-06-01 summer (2) 1.jpg",
      "photos/1990-06-01 Summer (3) 1.jpg",
    ]);
  });

  it("are always names the import takes, all different, however the titles read", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom("1962-07-14", "2001-01-01"), fc.string({ unit: "binary", maxLength: 300 })), { maxLength: 30 }),
        (items) => {
          const names = photoFileNamer();
          const files = items.flatMap(([date, title]) => {
            const name = names.item(date, title);
            return [name(1, "jpg"), name(5, "webp")];
          });
          for (const file of files) {
            expect(file).toMatch(PHOTO_PATH_PATTERN);
            expect(file.split("/")).toHaveLength(2);
          }
          expect(new Set(files.map((file) => file.toLowerCase())).size).toBe(files.length);
        },
      ),
    );
  });

  it("keep a title to 80 characters", () => {
    expect([...fileNameTitle("ä".repeat(200))]).toHaveLength(80);
  });
});

describe("the photo names an import takes", () => {
  it("refuse anything but a plain name inside photos/", () => {
    for (const file of [
      "photos/../evil.jpg",
      "photos/a/b.jpg",
      "photos/.hidden.jpg",
      "photos/a\\b.jpg",
      "photos/a\u202Egpj.exe.jpg",
      "photos/a\u0000.jpg",
      "evil.jpg",
      "photos/x.sh",
    ]) {
      expect(file).not.toMatch(PHOTO_PATH_PATTERN);
    }
    expect("photos/6f0f5c1e-8d8c-4c9a-9d42-5c0de7a1b001/6f0f5c1e-8d8c-4c9a-9d42-5c0de7a1b002.jpg").toMatch(PHOTO_PATH_PATTERN);
  });
});
