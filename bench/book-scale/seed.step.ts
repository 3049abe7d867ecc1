import { randomUUID } from "node:crypto";
import { writeFileSync } from "node:fs";
import sharp from "sharp";
import { it } from "vitest";

// Seeds the families of bench/book-scale.mjs: "large" with BOOK_SCALE_MEMORIES shared memories
// (1,000 by default) and "small" with 100, each memory with two photos. The photos are camera-size
// JPEGs (4000×3000, about 4 MB) made with sharp; a dozen different ones go through the real photo
// pipeline (processPhoto), and each photo of the families stores that pipeline's own display,
// thumbnail and print-size objects under its own keys (so the book reads 2,000 distinct objects).
// The originals are not written: the book never reads them.

const SOURCES = Number(process.env.BOOK_SCALE_SOURCES ?? 12);
const WORDS =
  "we walked down to the harbour in the morning and grandma told us about the summer she met grandpa at the dance hall by the river while the band played until late".split(
    " ",
  );

it("seeds the families", { timeout: 1_800_000 }, async () => {
  const { getDb } = await import("@/server/platform/db/client");
  const { processPhoto } = await import("@/server/memories/photo-pipeline");
  const { getStorage } = await import("@/server/platform/storage");
  const prisma = await getDb();
  const storage = getStorage();
  const started = performance.now();

  const processed: { inputBytes: number; photo: Awaited<ReturnType<typeof processPhoto>> }[] = [];
  for (let index = 0; index < SOURCES; index += 1) {
    const landscape = index % 4 !== 3;
    const [width, height] = landscape ? [4000, 3000] : [3000, 4000];
    const hue = { r: 60 + ((index * 37) % 150), g: 80 + ((index * 53) % 120), b: 70 + ((index * 29) % 140) };
    // Fine grain over a coloured field compresses like a detailed photo (camera files of a few MB).
    const bytes = await sharp({ create: { width, height, channels: 3, background: hue, noise: { type: "gaussian", mean: 128, sigma: 12 } } })
      .composite([
        {
          input: { create: { width: Math.round(width / 2), height: Math.round(height / 3), channels: 3, background: "#f4e3c1" } },
          left: Math.round(width / 4),
          top: Math.round(height / 3),
        },
      ])
      .jpeg({ quality: 90 })
      .toBuffer();
    processed.push({ inputBytes: bytes.length, photo: await processPhoto({ fileName: `camera-${index}.jpg`, bytes }) });
  }

  async function seedFamily(name: string, memoryCount: number) {
    const family = await prisma.family.create({ data: { name } });
    const members = [];
    for (const [first, last] of [
      ["Margaret", "Hughes"],
      ["Tom", "Hughes"],
      ["Ruth", "Hughes"],
      ["Søren", "Hughes"],
      ["Chloé", "Hughes"],
    ]) {
      const email = `${first!
        .toLowerCase()
        .normalize("NFD")
        .replace(/[^a-z]/g, "")}.${name.split(" ")[1]!.toLowerCase()}.${randomUUID().slice(0, 6)}@bench.test`;
      members.push(await prisma.user.create({ data: { email, email_normalized: email, first_name: first!, last_name: last!, family_id: family.id } }));
    }
    let photos = 0;
    for (let start = 0; start < memoryCount; start += 50) {
      const memories = [];
      const rows = [];
      const writes: Promise<void>[] = [];
      for (let index = start; index < Math.min(memoryCount, start + 50); index += 1) {
        const id = randomUUID();
        const words = Array.from({ length: 60 + (index % 7) * 20 }, (_, word) => WORDS[(index * 7 + word) % WORDS.length]).join(" ");
        memories.push({
          id,
          user_id: members[index % members.length]!.id,
          family_id: family.id,
          title: `Chapter of life ${index + 1}`,
          content: `${words[0]!.toUpperCase()}${words.slice(1)}.\n\nAnd that was the year we remember best.`,
          memory_date: new Date(Date.UTC(1950 + (index % 74), index % 12, 1 + (index % 27))),
          is_shared: true,
        });
        for (let order = 0; order < 2; order += 1) {
          const source = processed[(index * 2 + order) % SOURCES]!;
          const photoId = randomUUID();
          const base = `memories/${id}/${photoId}`;
          rows.push({
            id: photoId,
            memory_id: id,
            order_number: order,
            original_key: `${base}/original.jpg`,
            display_key: `${base}/display.webp`,
            thumbnail_key: `${base}/thumbnail.webp`,
            print_key: `${base}/print.jpg`,
            content_type: "image/jpeg",
            width: source.photo.width,
            height: source.photo.height,
            byte_size: source.inputBytes,
          });
          writes.push(
            storage.put(`${base}/display.webp`, source.photo.display, "image/webp"),
            storage.put(`${base}/thumbnail.webp`, source.photo.thumbnail, "image/webp"),
            storage.put(`${base}/print.jpg`, source.photo.print, "image/jpeg"),
          );
          photos += 1;
        }
      }
      await Promise.all(writes);
      await prisma.memory.createMany({ data: memories });
      await prisma.memoryPhoto.createMany({ data: rows });
    }
    return { familyId: family.id, ownerId: members[0]!.id, memories: memoryCount, photos };
  }

  const large = await seedFamily("The Hughes", Number(process.env.BOOK_SCALE_MEMORIES ?? 1000));
  const small = await seedFamily("The Smalls", 100);
  writeFileSync(
    process.env.BOOK_SCALE_OUTPUT!,
    JSON.stringify({
      large,
      small,
      seedSeconds: (performance.now() - started) / 1000,
      sourcePhoto: { width: 4000, height: 3000, megabytes: processed[0]!.inputBytes / 1024 ** 2, printBytes: processed.map(({ photo }) => photo.print.length) },
    }),
  );
});
