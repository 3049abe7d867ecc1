import "server-only";

// The names of an export's photos (docs/export-format.md): the date, the title and the photo's
// number, as a person looks for them in a folder — "photos/1962-07-14 The boat on the lake 1.jpg".
// Letters of every script are kept; anything a file system or a browser's address could read
// differently (slashes, dots, quotes, control and format characters) becomes a space.

const TITLE_CHARACTERS = 80;

/** The title as part of a file name: letters, numbers, spaces, hyphens and apostrophes, at most 80 characters. */
export function fileNameTitle(title: string) {
  const words = title
    .normalize("NFC")
    .replace(/[^\p{L}\p{M}\p{N}' -]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  const cut = [...words].slice(0, TITLE_CHARACTERS).join("").trim();
  return cut || "Untitled";
}

/**
 * Hands out the export's photo names: each item's photos are numbered from 1 under its date and
 * title, and an item whose date and title another item already has gets a number of its own
 * ("1962-07-14 The boat on the lake (2) 1.jpg"), so no two photos share a name.
 */
export function photoFileNamer() {
  const stems = new Set<string>();
  return {
    /** The stem for one item's photos: call once per item. */
    item(date: string, title: string) {
      const base = `${date} ${fileNameTitle(title)}`;
      let stem = base;
      for (let copy = 2; stems.has(stem.toLowerCase()); copy += 1) stem = `${base} (${copy})`;
      stems.add(stem.toLowerCase());
      const photo = (number: number, extension: string) => `photos/${stem} ${number}.${extension}`;
      /** The item's recording, under the same stem: "recordings/1962-07-14 The boat on the lake.m4a". */
      photo.recording = (extension: string) => `recordings/${stem}.${extension}`;
      return photo;
    },
  };
}
