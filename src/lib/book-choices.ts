import { formatLongDate } from "@/lib/dates";

// The choices a printed book was made with, as the download dialog words them: on Your books,
// and in the answer that names a book still being made.

const PAPER: Record<string, string> = { A4: "A4", LETTER: "US Letter", "6x9": "6 × 9 in" };

export function describeBookChoices(options: Record<string, string>) {
  const words = [PAPER[options.size ?? "A4"] ?? "A4", options.chapters === "member" ? "a chapter for each family member" : "a chapter for each year"];
  if (options.member) words.push("one member's stories");
  if (options.from || options.to)
    words.push(`${options.from ? `from ${formatLongDate(options.from)}` : ""} ${options.to ? `to ${formatLongDate(options.to)}` : ""}`.trim());
  return words.join(", ");
}
