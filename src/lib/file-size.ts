// A file's size as people read it: "640 kB", "31.9 MB", "1.2 GB" (1 kB = 1,024 bytes).

const KB = 1024;
const MB = KB * 1024;
const GB = MB * 1024;

const oneDecimal = (value: number) => value.toFixed(1).replace(/\.0$/, "");

export function formatFileSize(bytes: number) {
  if (bytes < MB) return `${Math.max(1, Math.round(bytes / KB))} kB`;
  if (bytes < GB) return `${oneDecimal(bytes / MB)} MB`;
  return `${oneDecimal(bytes / GB)} GB`;
}
