// The load test's tables: requests by endpoint (statuses, p50 and p99), the writes attempted,
// acknowledged and verified, and the throughput under load.
import { FAMILY_SIZE } from "./families.mjs";

function percentile(sorted, fraction) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
}

function printTable(rows, headings) {
  const widths = headings.map((heading, column) => Math.max(heading.length, ...rows.map((row) => String(row[column]).length)));
  const line = (cells) => cells.map((cell, column) => (column === 0 ? String(cell).padEnd(widths[column]) : String(cell).padStart(widths[column]))).join("  ");
  console.log(line(headings));
  console.log(widths.map((width) => "-".repeat(width)).join("  "));
  for (const row of rows) console.log(line(row));
}

const statusCounts = (statuses) =>
  Object.entries(statuses)
    .sort()
    .map(([status, count]) => `${status}:${count}`)
    .join(" ");

function printRequests(stats) {
  const rows = [];
  const totals = { count: 0, statuses: {}, durations: [] };
  for (const [endpoint, entry] of [...stats.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const sorted = entry.durations.slice().sort((a, b) => a - b);
    rows.push([endpoint, entry.count, statusCounts(entry.statuses), percentile(sorted, 0.5).toFixed(0), percentile(sorted, 0.99).toFixed(0)]);
    totals.count += entry.count;
    for (const [status, count] of Object.entries(entry.statuses)) totals.statuses[status] = (totals.statuses[status] ?? 0) + count;
    totals.durations.push(...entry.durations);
  }
  const all = totals.durations.sort((a, b) => a - b);
  rows.push(["ALL", totals.count, statusCounts(totals.statuses), percentile(all, 0.5).toFixed(0), percentile(all, 0.99).toFixed(0)]);
  printTable(rows, ["endpoint", "requests", "statuses", "p50 ms", "p99 ms"]);
}

function printWrites(users, verified) {
  const memoryAttempts = users.flatMap((user) => user.memoryAttempts);
  const submissionAttempts = users.flatMap((user) => user.submissionAttempts);
  printTable(
    [
      [
        "memories",
        memoryAttempts.length,
        memoryAttempts.filter((attempt) => attempt.id).length,
        verified.memories,
        memoryAttempts.filter((attempt) => !attempt.id).length,
        verified.refusedMemoriesAbsent,
      ],
      [
        "  with photos (upload path)",
        memoryAttempts.filter((a) => a.kind === "upload").length,
        memoryAttempts.filter((a) => a.kind === "upload" && a.id).length,
        "",
        "",
        "",
      ],
      [
        "  with photos (multipart)",
        memoryAttempts.filter((a) => a.kind === "multipart").length,
        memoryAttempts.filter((a) => a.kind === "multipart" && a.id).length,
        "",
        "",
        "",
      ],
      [
        "submissions",
        submissionAttempts.length,
        submissionAttempts.filter((attempt) => attempt.id).length,
        verified.submissions,
        submissionAttempts.filter((attempt) => !attempt.id).length,
        verified.refusedSubmissionsAbsent,
      ],
    ],
    ["writes", "attempted", "acknowledged", "verified", "refused", "verified absent"],
  );
}

export function report({ backend, timedSeconds, seed, users, stats, verified }) {
  const families = users.length / FAMILY_SIZE;
  console.log(`\nLoad test on ${backend}: ${users.length} users in ${families} families, ${timedSeconds.toFixed(1)} s of load (seed ${seed})\n`);
  printRequests(stats);
  console.log("");
  printWrites(users, verified);
  const timedRequests = [...stats.entries()]
    .filter(([endpoint]) => !endpoint.includes("(verify)") && !endpoint.includes("register"))
    .reduce((sum, [, entry]) => sum + entry.count, 0);
  console.log(
    `\nThroughput under load: ${(timedRequests / timedSeconds).toFixed(1)} requests/s. Photos served back: ${verified.photosFetched}. Family feeds exact: ${verified.familyFeeds}/${families}.`,
  );
}
