import { writeFileSync } from "node:fs";
import sharp from "sharp";
import { it } from "vitest";
import { processPhoto } from "@/server/memories/photo-pipeline";

// A 4000×3000 camera JPEG of about 4.5 MB through the photo pipeline (upright, metadata stripped,
// display and thumbnail variants), ten times; the median is reported by bench/run.mjs.

it("measures the photo pipeline", { timeout: 600_000 }, async () => {
  const width = 4000;
  const height = 3000;
  // Fine grain compresses like a detailed photo, which is what makes camera files large (~4.5 MB).
  const bytes = await sharp({ create: { width, height, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 15 } } })
    .jpeg({ quality: 90 })
    .toBuffer();
  const timings: number[] = [];
  for (let run = 0; run < 10; run += 1) {
    const started = performance.now();
    await processPhoto({ fileName: "camera.jpg", bytes });
    timings.push(performance.now() - started);
  }
  timings.sort((a, b) => a - b);
  writeFileSync(
    process.env.BENCH_OUTPUT ?? "bench/results/photo-pipeline.json",
    JSON.stringify({ inputBytes: bytes.length, width, height, runsMs: timings, medianMs: (timings[4]! + timings[5]!) / 2 }),
  );
});
