import { writeFileSync } from "node:fs";
import sharp from "sharp";
import { it } from "vitest";
import { processPhoto } from "@/server/memories/photo-pipeline";

// A 4000×3000 camera JPEG of about 4.5 MB through the photo pipeline (upright, metadata stripped,
// display, thumbnail and print-size variants), ten times; the median is reported by bench/run.mjs. The same
// photo taken with the phone turned (EXIF orientation 6) is measured too: it has to be re-encoded.

const width = 4000;
const height = 3000;

async function medianOfTen(bytes: Buffer) {
  const timings: number[] = [];
  for (let run = 0; run < 10; run += 1) {
    const started = performance.now();
    await processPhoto({ fileName: "camera.jpg", bytes });
    timings.push(performance.now() - started);
  }
  timings.sort((a, b) => a - b);
  return { runsMs: timings, medianMs: (timings[4]! + timings[5]!) / 2 };
}

it("measures the photo pipeline", { timeout: 600_000 }, async () => {
  // Fine grain compresses like a detailed photo, which is what makes camera files large (~4.5 MB).
  const camera = () =>
    sharp({ create: { width, height, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 15 } } })
      .jpeg({ quality: 90 })
      .withExif({
        IFD0: { Make: "FamilyCam" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "0/1 7/1 0/1" },
      });
  const upright = await camera().toBuffer();
  const turned = await camera().withMetadata({ orientation: 6 }).toBuffer();
  const uprightRuns = await medianOfTen(upright);
  const turnedRuns = await medianOfTen(turned);
  writeFileSync(
    process.env.BENCH_OUTPUT ?? "bench/results/photo-pipeline.json",
    JSON.stringify({ inputBytes: upright.length, width, height, ...uprightRuns, turned: { inputBytes: turned.length, ...turnedRuns } }),
  );
});
